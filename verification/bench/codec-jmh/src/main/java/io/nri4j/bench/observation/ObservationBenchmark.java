package io.nri4j.bench.observation;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.metrics.RequestMetrics;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the request observation adds to one CreateContainer, as the plugin runs it (started, its
 * scope around the handler, told the outcome): {@code noop}, the registry of an application
 * without actuator; {@code meters}, actuator's without a tracer (Micrometer's meter handler on a
 * meter registry with the starter's filter of the observation's timers). Run with
 * {@code -prof gc} for B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ObservationBenchmark {

    @Param({"noop", "meters"})
    public String registry;

    private RequestObservation observation;
    private RequestContext context;
    private CreateContainerRequest request;
    private RequestOutcome outcome;

    @Setup
    public void setUp() {
        ObservationRegistry observations = ObservationRegistry.NOOP;
        if (registry.equals("meters")) {
            MeterRegistry meters = new SimpleMeterRegistry();
            meters.config().meterFilter(RequestMetrics.observationTimersDenied());
            observations = ObservationRegistry.create();
            observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        }
        observation = new RequestObservation(observations, null, "bench");
        request = CreateContainerRequest.newBuilder()
                .setPod(PodSandbox.newBuilder().setId("pod-1").setNamespace("default").setName("web"))
                .setContainer(Container.newBuilder().setId("ctr-1").setName("app")).build();
        context = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null, 0, System.nanoTime(),
                Map.of("traceparent", List.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")));
        CreateContainerResponse adjusted = CreateContainerResponse.newBuilder()
                .setAdjust(ContainerAdjustment.newBuilder().putAnnotations("bench", "1")).build();
        outcome = new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofNanos(150_000), false,
                false, Optional.of(adjusted), Optional.empty(), request);
    }

    /** One request's observation: started, its scope opened and closed, told the outcome. */
    @Benchmark
    public RequestObserver observeOneRequest() {
        RequestObserver own = observation.started(context, request);
        own.open().close();
        own.completed(outcome);
        return own;
    }
}
