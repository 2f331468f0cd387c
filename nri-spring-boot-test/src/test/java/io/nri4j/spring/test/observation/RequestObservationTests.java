package io.nri4j.spring.test.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.ObservationTextPublisher;
import io.micrometer.observation.tck.ObservationContextAssert;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * Each request of the runtime is an observation, named for the request and ended with its outcome,
 * where a handler other than a meter handler sees it.
 */
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

        /**
         * A handler beside actuator's meter handler, as a tracer's are: with the meter handler
         * alone, whose timers of it are denied, requests are not observed at all.
         */
        @Bean
        ObservationTextPublisher observationLog() {
            return new ObservationTextPublisher(LoggerFactory.getLogger(RequestObservationTests.class)::debug);
        }
    }

    @Component
    static class Handlers {

        private final ObservationRegistry registry;
        /** The observation current while the handler of each container ran, by container name. */
        final Map<String, Observation.Context> current = new ConcurrentHashMap<>();

        Handlers(ObservationRegistry registry) {
            this.registry = registry;
        }

        @OnCreateContainer
        Adjustment label(PodSandbox pod, Container container) {
            Observation observation = registry.getCurrentObservation();
            if (observation != null) {
                current.put(container.getName(), observation.getContext());
            }
            if (container.getName().equals("refused")) {
                throw new IllegalStateException("not this one");
            }
            return Adjustment.create().addAnnotation("test.nri4j.io/traced", "yes");
        }
    }

    @Autowired
    NriTestRuntime runtime;

    @Autowired
    TestObservationRegistry registry;

    @Autowired
    Handlers handlers;

    @Test
    void createContainerIsAnObservationEndedWithItsOutcome() {
        PodSandbox pod = TestPods.pod("observed").build();

        runtime.createContainer(pod, TestPods.container(pod, "app").build());

        // The outcome is known only when the observation stops: its key says it was stopped.
        ObservationContextAssert.assertThat(observed("app")).hasNameEqualTo("nri.request")
                .hasContextualNameEqualTo("CreateContainer")
                .hasLowCardinalityKeyValue("nri.event", "CreateContainer")
                .hasLowCardinalityKeyValue("nri.plugin", "traced")
                .hasLowCardinalityKeyValue("nri.outcome", "adjusted")
                .hasHighCardinalityKeyValue("nri.pod", pod.getNamespace() + "/observed")
                .hasHighCardinalityKeyValue("nri.container", "app")
                .doesNotHaveError();
    }

    @Test
    void theHandlerRunsWithTheRequestsObservationCurrent() {
        PodSandbox pod = TestPods.pod("scoped").build();

        runtime.createContainer(pod, TestPods.container(pod, "inside").build());

        // Its logs carry the request's trace and span ids; its own observations are children.
        assertThat(handlers.current.get("inside")).isSameAs(observed("inside"));
        assertThat(registry.getCurrentObservation()).isNull();
    }

    @Test
    void aFailedRequestEndsWithTheErrorAndOutcomeError() {
        PodSandbox pod = TestPods.pod("failing").build();

        runtime.createContainerRefused(pod, TestPods.container(pod, "refused").build());

        ObservationContextAssert.assertThat(observed("refused")).hasNameEqualTo("nri.request")
                .hasLowCardinalityKeyValue("nri.outcome", "error")
                .hasError();
    }

    @Test
    void theRuntimeOfTheseTestsSendsNoTraceContext() {
        PodSandbox pod = TestPods.pod("untraced").build();

        runtime.createContainer(pod, TestPods.container(pod, "plain").build());

        // The upstream runtime library alone adds no ttrpc metadata: containerd's interceptor does.
        assertThat(observed("plain").getCarrier()).doesNotContainKey("traceparent");
    }

    /** The one CreateContainer observation of the container named {@code name}. */
    private NriRequestContext observed(String name) {
        List<NriRequestContext> found = new ArrayList<>();
        TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(contexts -> contexts.stream()
                .filter(NriRequestContext.class::isInstance).map(NriRequestContext.class::cast)
                .filter(c -> c.request().method().equals("CreateContainer"))
                .filter(c -> c.container().getName().equals(name)).forEach(found::add));
        assertThat(found).hasSize(1);
        return found.get(0);
    }
}
