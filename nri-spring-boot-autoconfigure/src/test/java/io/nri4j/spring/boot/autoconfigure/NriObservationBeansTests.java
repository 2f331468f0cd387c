package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.RequestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Requests are observed where something other than a meter handler would see the observation:
 * a tracer's handlers or the application's own; with actuator's meter handler alone (its timers
 * of the observation denied) nothing is started.
 */
class NriObservationBeansTests {

    static class Handlers {
        @OnCreateContainer
        void create(Container container) {
        }
    }

    /** An application's own handler, e.g. one that logs each observation. */
    static class Recording implements ObservationHandler<Observation.Context> {

        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public void onStart(Observation.Context context) {
            seen.add(context.getName());
        }

        @Override
        public boolean supportsContext(Observation.Context context) {
            return true;
        }
    }

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final DefaultMeterObservationHandler meterHandler = new DefaultMeterObservationHandler(meters);
    private final Recording recording = new Recording();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class,
                    NriObservationAutoConfiguration.class))
            .withBean(Handlers.class)
            .withPropertyValues("nri.plugin.name=observed", "nri.plugin.index=10",
                    "nri.socket-path=/nonexistent/nri.sock");

    @Test
    void withMeterHandlersOnlyARequestStartsNoObservation() {
        runner.withBean(ObservationRegistry.class, () -> registry(meterHandler))
                .withBean(DefaultMeterObservationHandler.class, () -> meterHandler)
                .run(context -> {
                    RequestObservation observation = context.getBean(RequestObservation.class);

                    assertThat(observation.started(context(), CreateContainerRequest.getDefaultInstance()))
                            .isSameAs(observation);
                });
    }

    @Test
    void anotherHandlerBesideTheMeterHandlerSeesEachRequest() {
        runner.withBean(ObservationRegistry.class, () -> registry(meterHandler, recording))
                .withBean(DefaultMeterObservationHandler.class, () -> meterHandler)
                .withBean(Recording.class, () -> recording)
                .run(context -> {
                    RequestObservation observation = context.getBean(RequestObservation.class);

                    assertThat(observation.started(context(), CreateContainerRequest.getDefaultInstance()))
                            .isNotSameAs(observation);
                    assertThat(recording.seen).containsExactly("nri.request");
                });
    }

    @Test
    void aRegistryWithoutHandlerBeansIsUsedAsItIs() {
        runner.withBean(ObservationRegistry.class, () -> registry(recording))
                .run(context -> {
                    RequestObservation observation = context.getBean(RequestObservation.class);

                    observation.started(context(), CreateContainerRequest.getDefaultInstance());

                    assertThat(recording.seen).containsExactly("nri.request");
                });
    }

    private static ObservationRegistry registry(ObservationHandler<?>... handlers) {
        ObservationRegistry registry = ObservationRegistry.create();
        for (ObservationHandler<?> handler : handlers) {
            registry.observationConfig().observationHandler(handler);
        }
        return registry;
    }

    private static RequestContext context() {
        return new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null, 0, System.nanoTime());
    }
}
