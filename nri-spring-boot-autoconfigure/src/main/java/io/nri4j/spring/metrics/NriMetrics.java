package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.updates.UpdatesListener;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * The plugin's meters:
 * <ul>
 * <li>{@code nri.plugin.requests} (timer; tags {@code request}, {@code outcome}: success, error,
 * overrun, and rejected for ValidateContainerAdjustment): how long handling each request took;
 * <li>{@code nri.plugin.adjustments}, {@code nri.plugin.updates}, {@code nri.plugin.errors},
 * {@code nri.plugin.budget.overruns} (counters; tag {@code request});
 * <li>{@code nri.plugin.requests.yielded} (counter; tag {@code request}): requests another
 * instance of the plugin handled, during a rolling update;
 * <li>{@code nri.plugin.reconnects} (function counter) and {@code nri.plugin.connection.state}
 * (gauge: 0 stopped, 1 connecting, 2 registered, 3 ready, 4 reconnecting);
 * <li>{@code nri.plugin.instance.start.time} (gauge, seconds since the epoch; tags {@code plugin},
 * {@code instance}, {@code version}): which instance this is, and since when;
 * {@code nri.plugin.instance.peers} (gauge): other instances connected beside it.
 * </ul>
 * The request meters of Configure, Synchronize and every subscribed event exist from startup, at
 * zero, so that dashboards and alerts have series before the first request.
 */
public final class NriMetrics implements MeterBinder, RequestObserver, UpdatesListener,
        ApplicationListener<ContextRefreshedEvent> {

    static final String REQUESTS = "nri.plugin.requests";
    static final String ADJUSTMENTS = "nri.plugin.adjustments";
    static final String UPDATES = "nri.plugin.updates";
    static final String ERRORS = "nri.plugin.errors";
    static final String OVERRUNS = "nri.plugin.budget.overruns";
    static final String YIELDED = "nri.plugin.requests.yielded";

    private static final Map<String, String> DESCRIPTIONS = Map.of(
            REQUESTS, "Handling of the runtime's requests",
            ADJUSTMENTS, "Adjusted containers",
            UPDATES, "Container updates sent, in replies and on the application's own",
            ERRORS, "Requests answered with an error",
            OVERRUNS, "Handlers answered at their budget",
            YIELDED, "Requests another instance of the plugin handled");
    /** Asked of every plugin, whatever it subscribes to. */
    private static final List<String> ALWAYS = List.of("Configure", "Synchronize");
    private static final String VALIDATION = EventMask.prettyName(Event.VALIDATE_CONTAINER_ADJUSTMENT);
    private static final String CREATE = EventMask.prettyName(Event.CREATE_CONTAINER);
    /** Requests whose answers may carry updates. */
    private static final Set<String> UPDATING = Set.of("Synchronize", CREATE, "UpdateContainer", "StopContainer");
    /** The updates the application sends on its own. */
    private static final String UNSOLICITED = "UpdateContainers";

    /** A timer per outcome, then a counter per counted name: a request's meters by slot. */
    private static final List<String> OUTCOMES = List.of("success", "error", "overrun", "rejected");
    private static final List<String> COUNTED = List.of(ADJUSTMENTS, UPDATES, ERRORS, OVERRUNS, YIELDED);

    /**
     * One request's meters, registered on first use. Found by the request's name, whose hash the
     * string keeps, so a request costs one lookup and no key of its own.
     */
    private static final class RequestMeters {
        private final String request;
        private final AtomicReferenceArray<Meter> slots = new AtomicReferenceArray<>(OUTCOMES.size() + COUNTED.size());

        RequestMeters(String request) {
            this.request = request;
        }

        Timer timer(MeterRegistry r, String outcome) {
            int slot = OUTCOMES.indexOf(outcome);
            Meter m = slots.get(slot);
            return (Timer) (m != null ? m : remember(slot, Timer.builder(REQUESTS).description(DESCRIPTIONS.get(REQUESTS))
                    .tag("request", request).tag("outcome", outcome).register(r)));
        }

        Counter counter(MeterRegistry r, String name) {
            int slot = OUTCOMES.size() + COUNTED.indexOf(name);
            Meter m = slots.get(slot);
            return (Counter) (m != null ? m : remember(slot, Counter.builder(name).description(DESCRIPTIONS.get(name))
                    .tag("request", request).register(r)));
        }

        // Looked up before anything is built: a meter found costs no allocation on the request path.
        // Registering twice returns the meter already registered, so a race costs nothing.
        private Meter remember(int slot, Meter m) {
            slots.set(slot, m);
            return m;
        }
    }

    private final ConnectionState state;
    private final Supplier<EventMask> subscription;
    /** Looked up once: every request would otherwise build and register its meters anew. */
    private final Map<String, RequestMeters> meters = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;
    private volatile boolean started;

    private final PluginIdentity identity;
    private final PluginInstance instance;

    /** @param subscription the events the plugin subscribes to, known once its handler methods are */
    public NriMetrics(ConnectionState state, Supplier<EventMask> subscription, PluginIdentity identity,
            PluginInstance instance) {
        this.state = state;
        this.subscription = subscription;
        this.identity = identity;
        this.instance = instance;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        meters.clear();
        this.registry = registry;
        Gauge.builder("nri.plugin.connection.state", state, s -> s.status().ordinal())
                .description("Where the plugin is: 0 stopped, 1 connecting, 2 registered, 3 ready, 4 reconnecting")
                .register(registry);
        FunctionCounter.builder("nri.plugin.reconnects", state, ConnectionState::reconnects)
                .description("Established connections to the runtime that were lost")
                .register(registry);
        Gauge.builder("nri.plugin.instance.start.time", instance, i -> i.started().toEpochMilli() / 1000.0)
                .description("When this instance of the plugin started, in seconds since the epoch")
                .tag("plugin", identity.fullName()).tag("instance", instance.id()).tag("version", instance.version())
                .register(registry);
        Gauge.builder("nri.plugin.instance.peers", state, s -> s.stub().map(stub -> stub.peers().size()).orElse(0))
                .description("Other instances of the plugin connected to the runtime beside this one")
                .register(registry);
        registerRequestMeters();
    }

    /** The handler methods, and so the subscription, are known once the context is refreshed. */
    @Override
    public void onApplicationEvent(ContextRefreshedEvent event) {
        started = true;
        registerRequestMeters();
    }

    @Override
    public void completed(RequestOutcome outcome) {
        MeterRegistry r = registry;
        if (r == null) {
            return;
        }
        RequestMeters m = meters(outcome.request());
        m.timer(r, outcomeOf(outcome)).record(outcome.elapsed());
        if (outcome.adjusted()) {
            m.counter(r, ADJUSTMENTS).increment();
        }
        int updates = outcome.updates();
        if (updates > 0) {
            m.counter(r, UPDATES).increment(updates);
        }
        if (outcome.failed()) {
            m.counter(r, ERRORS).increment();
        }
        if (outcome.overrun()) {
            m.counter(r, OVERRUNS).increment();
        }
        if (outcome.yielded()) {
            m.counter(r, YIELDED).increment();
        }
    }

    /** Counts updates the application sent on its own through the {@code ContainerUpdater}. */
    @Override
    public void sent(int updates) {
        MeterRegistry r = registry;
        if (r != null && updates > 0) {
            counter(r, UPDATES, UNSOLICITED).increment(updates);
        }
    }

    private void registerRequestMeters() {
        MeterRegistry r = registry;
        if (r == null || !started) {
            return;
        }
        List<String> requests = new ArrayList<>(ALWAYS);
        subscription.get().events().forEach(e -> requests.add(EventMask.prettyName(e)));
        for (String request : requests) {
            // "rejected" only where a validator can reject.
            OUTCOMES.stream().filter(o -> !o.equals("rejected") || request.equals(VALIDATION))
                    .forEach(outcome -> timer(r, request, outcome));
            if (request.equals(CREATE)) {
                counter(r, ADJUSTMENTS, request);
            }
            if (UPDATING.contains(request)) {
                counter(r, UPDATES, request);
            }
            counter(r, ERRORS, request);
            counter(r, OVERRUNS, request);
            if (!ALWAYS.contains(request)) {
                counter(r, YIELDED, request);
            }
        }
        counter(r, UPDATES, UNSOLICITED);
    }

    /** A rejection is the validator's answer, neither a success nor an error. */
    private static String outcomeOf(RequestOutcome outcome) {
        return outcome.overrun() ? "overrun" : outcome.failed() ? "error" : outcome.rejected() ? "rejected" : "success";
    }

    private RequestMeters meters(String request) {
        RequestMeters m = meters.get(request);
        return m != null ? m : meters.computeIfAbsent(request, RequestMeters::new);
    }

    private Timer timer(MeterRegistry r, String request, String outcome) {
        return meters(request).timer(r, outcome);
    }

    private Counter counter(MeterRegistry r, String name, String request) {
        return meters(request).counter(r, name);
    }
}
