package io.nri4j.spring.test.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.observation.NriRequestContext;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/** Each request of the runtime is an observation, named for the request and ended with its outcome. */
@SpringBootTest(properties = {"nri.plugin.name=traced", "nri.plugin.index=20"})
@EmbeddedNriRuntime
class RequestObservationTests {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Handlers.class)
    static class App {

        @Bean
        TestObservationRegistry observationRegistry() {
            return TestObservationRegistry.create();
        }
    }

    @Component
    static class Handlers {

        @OnCreateContainer
        Adjustment label(PodSandbox pod, Container container) {
            if (container.getName().equals("refused")) {
                throw new IllegalStateException("not this one");
            }
            return Adjustment.create().addAnnotation("test.nri4j.io/traced", "yes");
        }
    }

    @Autowired
    NriTestRuntime runtime;

    @Autowired
    ObservationRegistry registry;

    @Test
    void createContainerIsAnObservationEndedWithItsOutcome() {
        PodSandbox pod = TestPods.pod("observed").build();

        runtime.createContainer(pod, TestPods.container(pod, "app").build());

        TestObservationRegistryAssert.assertThat((TestObservationRegistry) registry).hasAnObservation(o -> o.hasNameEqualTo("nri.request")
                .hasContextualNameEqualTo("CreateContainer")
                .hasLowCardinalityKeyValue("nri.event", "CreateContainer")
                .hasLowCardinalityKeyValue("nri.plugin", "traced")
                .hasLowCardinalityKeyValue("nri.outcome", "adjusted")
                .hasHighCardinalityKeyValue("nri.pod", pod.getNamespace() + "/observed")
                .hasHighCardinalityKeyValue("nri.container", "app")
                .hasBeenStarted().hasBeenStopped());
    }

    @Test
    void aFailedRequestEndsWithTheErrorAndOutcomeError() {
        PodSandbox pod = TestPods.pod("failing").build();

        runtime.createContainerRefused(pod, TestPods.container(pod, "refused").build());

        TestObservationRegistryAssert.assertThat((TestObservationRegistry) registry).hasAnObservation(o -> o.hasNameEqualTo("nri.request")
                .hasHighCardinalityKeyValue("nri.container", "refused")
                .hasLowCardinalityKeyValue("nri.outcome", "error")
                .hasError().hasBeenStopped());
    }

    @Test
    void theRuntimeOfTheseTestsSendsNoTraceContext() {
        PodSandbox pod = TestPods.pod("untraced").build();

        runtime.createContainer(pod, TestPods.container(pod, "plain").build());

        // The upstream runtime library alone adds no ttrpc metadata: containerd's interceptor does.
        assertThat(((TestObservationRegistry) registry).getContexts()).extracting(c -> c.getContext())
                .filteredOn(NriRequestContext.class::isInstance).map(NriRequestContext.class::cast)
                .filteredOn(c -> c.container().getName().equals("plain")).singleElement()
                .satisfies(c -> assertThat(c.getCarrier()).doesNotContainKey("traceparent"));
    }
}
