package io.nri4j.spring.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.ArrayListSpanProcessor;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * With Micrometer Tracing's OpenTelemetry bridge, each request is a server span; where the
 * runtime sent a W3C traceparent in the ttrpc metadata, the span continues the runtime's trace.
 */
class RequestSpanTests {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String RUNTIME_SPAN = "00f067aa0ba902b7";

    private final ArrayListSpanProcessor spans = new ArrayListSpanProcessor();
    private final SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(spans).build();
    private final ObservationRegistry registry = tracing(provider);

    @AfterEach
    void close() {
        provider.close();
    }

    @Test
    void spanContinuesTheTraceTheRuntimeSent() {
        RequestContext context = context(Map.of("traceparent", List.of("00-" + TRACE_ID + "-" + RUNTIME_SPAN + "-01")));

        answer(new RequestObservation(registry, null, "traced"), context);

        SpanData span = spans.takeLocalSpan();
        assertThat(span.getName()).isEqualTo("CreateContainer");
        assertThat(span.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(span.getTraceId()).isEqualTo(TRACE_ID);
        assertThat(span.getParentSpanId()).isEqualTo(RUNTIME_SPAN);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("nri.outcome"))).isEqualTo("adjusted");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("nri.pod"))).isEqualTo("default/web");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("nri.container"))).isEqualTo("app");
    }

    @Test
    void whileTheHandlerRunsTheRequestsSpanIsCurrent() {
        RequestContext context = context(Map.of("traceparent", List.of("00-" + TRACE_ID + "-" + RUNTIME_SPAN + "-01")));
        RequestObserver own = new RequestObservation(registry, null, "traced").started(context, request());

        RequestObserver.Scope scope = own.open();
        String inScope = Span.current().getSpanContext().getTraceId();
        scope.close();

        assertThat(inScope).isEqualTo(TRACE_ID);
        assertThat(Span.current().getSpanContext().isValid()).isFalse();
    }

    @Test
    void withoutTraceContextTheSpanStartsATraceOfItsOwn() {
        answer(new RequestObservation(registry, null, "traced"), context(Map.of()));

        SpanData span = spans.takeLocalSpan();
        assertThat(span.getName()).isEqualTo("CreateContainer");
        assertThat(span.getParentSpanContext().isValid()).isFalse();
        assertThat(span.getTraceId()).isNotEqualTo(TRACE_ID);
    }

    @Test
    void aNoopRegistryStartsNothing() {
        RequestObservation observation = new RequestObservation(ObservationRegistry.NOOP, null, "traced");

        assertThat(observation.started(context(Map.of()), request())).isSameAs(observation);
    }

    private static void answer(RequestObservation observation, RequestContext context) {
        RequestObserver own = observation.started(context, request());
        assertThat(own).isNotSameAs(observation);
        CreateContainerResponse adjusted = CreateContainerResponse.newBuilder()
                .setAdjust(ContainerAdjustment.newBuilder().putAnnotations("a", "b")).build();
        own.completed(new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofMillis(1), false,
                false, Optional.of(adjusted), Optional.empty(), request()));
    }

    private static RequestContext context(Map<String, List<String>> metadata) {
        return new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null, 0, System.nanoTime(),
                metadata);
    }

    private static CreateContainerRequest request() {
        return CreateContainerRequest.newBuilder()
                .setPod(PodSandbox.newBuilder().setId("pod-1").setNamespace("default").setName("web"))
                .setContainer(Container.newBuilder().setId("ctr-1").setName("app")).build();
    }

    /** The registry a Boot application with the bridge has: a receiving span per request, W3C propagation. */
    private static ObservationRegistry tracing(SdkTracerProvider provider) {
        Tracer otel = provider.get("test");
        OtelTracer tracer = new OtelTracer(otel, new OtelCurrentTraceContext(), event -> { });
        OtelPropagator propagator = new OtelPropagator(
                ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
                new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                new DefaultTracingObservationHandler(tracer)));
        return registry;
    }
}
