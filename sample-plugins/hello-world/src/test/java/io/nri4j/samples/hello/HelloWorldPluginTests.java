package io.nri4j.samples.hello;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.test.runtime.NriRuntimeExtension;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(NriRuntimeExtension.class)
class HelloWorldPluginTests {

    @Test
    void greetsEachContainerByNameWithAnAnnotationAndAnEnvironmentVariable(NriTestRuntime runtime) {
        runtime.connect(HelloWorldPlugin.plugin());
        PodSandbox pod = TestPods.pod("web").build();

        CreateContainerResponse created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("hello.nri4j.io/greeting", "hello, app");
        assertThat(created.getAdjust().getEnvList()).extracting(e -> e.getKey() + "=" + e.getValue())
                .containsExactly("HELLO=world");
    }

    @Test
    void subscribesToCreateContainerAndWhereEnforcementSeesEscapes() {
        var plugin = HelloWorldPlugin.plugin().build();

        assertThat(plugin.identity().fullName()).isEqualTo("50-hello-world");
        // PostStartContainer: containers a Synchronize missed show up there (docs/guarantees.md).
        assertThat(plugin.events().events()).containsExactly(Event.CREATE_CONTAINER, Event.POST_START_CONTAINER);
    }
}
