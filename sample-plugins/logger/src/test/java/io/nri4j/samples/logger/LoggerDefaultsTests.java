package io.nri4j.samples.logger;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.stub.Enforcement;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The logger as it starts without {@code logger.*} properties: it watches and changes nothing. */
@SpringBootTest
@EmbeddedNriRuntime
class LoggerDefaultsTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void leavesContainersAsTheyAreByDefault() {
        PodSandbox pod = TestPods.pod("untouched").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").addEnv("PATH=/bin").build());

        // Only the framework's marker: the logger handled the container and changed nothing.
        assertThat(created.getAdjust().getAnnotationsMap().keySet())
                .allMatch(key -> key.startsWith(Enforcement.MARKER_PREFIX));
        assertThat(created.getAdjust().getEnvList()).isEmpty();
    }
}
