package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.metrics.RequestMetrics;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestOutcome;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A meter observation handler makes no timers of the request observation: nri.plugin.requests times requests. */
class RequestObservationMetersTests {

    @Test
    void theMeterFilterDeniesTheObservationsTimers() {
        MeterRegistry meters = new SimpleMeterRegistry();
        meters.config().meterFilter(RequestMetrics.observationTimersDenied());
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));

        answer(new RequestObservation(observations, null, "metered"));

        assertThat(meters.getMeters()).extracting(m -> m.getId().getName())
                .noneMatch(name -> name.startsWith("nri.request"));
    }

    @Test
    void withoutTheFilterTheHandlerWouldTimeThem() {
        MeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));

        answer(new RequestObservation(observations, null, "metered"));

        assertThat(meters.find("nri.request").tag("nri.outcome", "ok").timer()).isNotNull();
    }

    private static void answer(RequestObservation observation) {
        CreateContainerRequest request = CreateContainerRequest.getDefaultInstance();
        RequestContext context = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null, 0,
                System.nanoTime());
        observation.started(context, request).completed(new RequestOutcome("CreateContainer",
                Event.CREATE_CONTAINER, Duration.ZERO, false, false,
                Optional.of(CreateContainerResponse.getDefaultInstance()), Optional.empty(), request));
    }
}
