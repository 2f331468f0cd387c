package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.stub.EventMask;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Registers the request meters of Configure, Synchronize and every subscribed event, at zero,
 * so that dashboards and alerts have series before the first request. The subscription is
 * known once the handler methods are, when the context is refreshed, and the registry once it
 * binds: whichever comes second registers.
 */
public final class StartupRequestMeters implements MeterBinder, ApplicationListener<ContextRefreshedEvent> {

    /** Asked of every plugin, whatever it subscribes to. */
    private static final List<String> ALWAYS = List.of("Configure", "Synchronize");
    private static final String VALIDATION = EventMask.prettyName(Event.VALIDATE_CONTAINER_ADJUSTMENT);
    private static final String CREATE = EventMask.prettyName(Event.CREATE_CONTAINER);
    /** Requests whose answers may carry updates. */
    private static final Set<String> UPDATING = Set.of("Synchronize", CREATE, "UpdateContainer", "StopContainer");

    private final Supplier<EventMask> subscription;
    private volatile MeterRegistry registry;
    private volatile boolean started;

    /** @param subscription the events the plugin subscribes to, known once its handler methods are */
    public StartupRequestMeters(Supplier<EventMask> subscription) {
        this.subscription = subscription;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
        register();
    }

    @Override
    public void onApplicationEvent(ContextRefreshedEvent event) {
        started = true;
        register();
    }

    private void register() {
        MeterRegistry r = registry;
        if (r == null || !started) {
            return;
        }
        List<String> requests = new ArrayList<>(ALWAYS);
        subscription.get().events().forEach(e -> requests.add(EventMask.prettyName(e)));
        for (String request : requests) {
            for (Outcome outcome : Outcome.values()) {
                if (outcome != Outcome.REJECTED || request.equals(VALIDATION)) {
                    outcome.register(r, request);
                }
            }
            if (request.equals(CREATE)) {
                RequestCounter.ADJUSTMENTS.register(r, request);
            }
            if (UPDATING.contains(request)) {
                RequestCounter.UPDATES.register(r, request);
            }
            RequestCounter.ERRORS.register(r, request);
            RequestCounter.OVERRUNS.register(r, request);
            if (!ALWAYS.contains(request)) {
                RequestCounter.YIELDED.register(r, request);
            }
        }
        RequestCounter.UPDATES.register(r, UpdateMetrics.UNSOLICITED);
    }
}
