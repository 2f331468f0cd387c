package io.nri4j.samples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code hello.escaped=evict}: a container the plugin never saw created is stopped. Here it is
 * no process of this machine, so the stop finds nothing to kill and says so.
 */
@SpringBootTest(properties = "hello.escaped=evict")
@EmbeddedNriRuntime
@ExtendWith(OutputCaptureExtension.class)
class SpringHelloEvictionTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void evictsAContainerCreatedWithoutThePlugin(CapturedOutput output) {
        PodSandbox pod = TestPods.pod("missed").build();
        Container escaped = TestPods.container(pod, "app").build();

        // Started, but never created through the plugin: it escaped it.
        runtime.postStartContainer(pod, escaped);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(output)
                .contains("was created without plugin")
                .contains("cannot stop escaped container " + pod.getNamespace() + "/missed/app"));
    }
}
