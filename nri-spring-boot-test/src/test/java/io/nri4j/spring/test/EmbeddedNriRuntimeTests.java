package io.nri4j.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.stub.RuntimeInfo;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

@SpringBootTest(properties = {"nri.plugin.name=embedded", "nri.plugin.index=20"})
@EmbeddedNriRuntime
class EmbeddedNriRuntimeTests {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Runtimes.class)
    static class App {
    }

    /** Tells each container which runtime created it. */
    @Component
    static class Runtimes {

        @OnCreateContainer
        Adjustment tell(PodSandbox pod, Container container, RuntimeInfo runtime) {
            return Adjustment.create().addAnnotation("test.nri4j.io/runtime", runtime.name() + " " + runtime.version());
        }
    }

    @Autowired
    NriTestRuntime runtime;

    @Autowired
    Environment environment;

    @Test
    void pointsThePluginAtTheRuntimeItStarted() {
        assertThat(environment.getProperty("nri.socket-path")).isEqualTo(runtime.socket().toString());
        assertThat(runtime.socket()).exists();
    }

    @Test
    void runsContainersThroughThePluginInOneTest() {
        PodSandbox pod = TestPods.pod("first").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("test.nri4j.io/runtime", "containerd v2.4.0");
    }

    @Test
    void runsContainersThroughThePluginInAnotherTestOfTheSameContext() {
        PodSandbox pod = TestPods.pod("second").build();

        var created = runtime.runContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsKey("test.nri4j.io/runtime");
    }

    /**
     * A context of its own (the annotation differs), whose runtime tells plugins the name and
     * version the annotation gives.
     */
    @Nested
    @EmbeddedNriRuntime(runtimeName = "cri-o", runtimeVersion = "1.34.0", requestTimeout = "1s")
    class AnotherRuntime {

        @Autowired
        NriTestRuntime other;

        @Test
        void isARuntimeOfItsOwnThatTellsWhatTheAnnotationSays() {
            PodSandbox pod = TestPods.pod("third").build();

            var created = other.createContainer(pod, TestPods.container(pod, "app").build());

            assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("test.nri4j.io/runtime", "cri-o 1.34.0");
        }
    }
}
