package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;

/**
 * The plugin's meters:
 * <ul>
 * <li>{@code nri.plugin.requests} (timer; tags {@code request}, {@code outcome}: success, error,
 * overrun): how long handling each request took;
 * <li>{@code nri.plugin.adjustments}, {@code nri.plugin.updates}, {@code nri.plugin.errors},
 * {@code nri.plugin.budget.overruns} (counters; tag {@code request});
 * <li>{@code nri.plugin.reconnects} (function counter) and {@code nri.plugin.connection.state}
 * (gauge: 0 stopped, 1 connecting, 2 registered, 3 ready, 4 reconnecting).
 * </ul>
 */
public final class NriMetrics implements MeterBinder, RequestObserver, io.nri4j.spring.updates.UpdatesListener {

    private final ConnectionState state;
    private volatile MeterRegistry registry;

    public NriMetrics(ConnectionState state) {
        this.state = state;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("nri.plugin.connection.state", state, s -> s.status().ordinal())
                .description("Where the plugin is: 0 stopped, 1 connecting, 2 registered, 3 ready, 4 reconnecting")
                .register(registry);
        io.micrometer.core.instrument.FunctionCounter.builder("nri.plugin.reconnects", state, ConnectionState::reconnects)
                .description("Established connections to the runtime that were lost")
                .register(registry);
    }

    @Override
    public void completed(RequestOutcome outcome) {
        MeterRegistry r = registry;
        if (r == null) {
            return;
        }
        String request = outcome.request();
        String result = outcome.overrun() ? "overrun" : outcome.failed() ? "error" : "success";
        Timer.builder("nri.plugin.requests").description("Handling of the runtime's requests")
                .tag("request", request).tag("outcome", result).register(r).record(outcome.elapsed());
        if (outcome.adjusted()) {
            counter(r, "nri.plugin.adjustments", "Adjusted containers", request).increment();
        }
        if (outcome.updates() > 0) {
            counter(r, "nri.plugin.updates", "Container updates sent in replies", request).increment(outcome.updates());
        }
        if (outcome.failed()) {
            counter(r, "nri.plugin.errors", "Requests answered with an error", request).increment();
        }
        if (outcome.overrun()) {
            counter(r, "nri.plugin.budget.overruns", "Handlers answered at their budget", request).increment();
        }
    }

    /** Counts updates the application sent on its own through the {@code ContainerUpdater}. */
    @Override
    public void sent(int updates) {
        MeterRegistry r = registry;
        if (r != null && updates > 0) {
            counter(r, "nri.plugin.updates", "Container updates sent", "UpdateContainers").increment(updates);
        }
    }

    private static Counter counter(MeterRegistry registry, String name, String description, String request) {
        return Counter.builder(name).description(description).tag("request", request).register(registry);
    }
}
