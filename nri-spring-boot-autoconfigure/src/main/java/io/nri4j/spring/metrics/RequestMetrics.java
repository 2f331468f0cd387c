package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.config.MeterFilter;
import io.nri4j.spring.observation.DefaultNriRequestObservationConvention;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;

/**
 * Times and counts each request the runtime made: {@code nri.plugin.requests} by outcome, and
 * the adjustments, updates, errors, budget overruns and yielded requests among them.
 */
public final class RequestMetrics implements RequestObserver, MeterBinder {

    /**
     * Denies the timers a meter observation handler would make of each request's observation
     * ({@code nri.request}, {@code nri.request.active}): they would repeat {@code nri.plugin.requests}.
     */
    public static MeterFilter observationTimersDenied() {
        String name = DefaultNriRequestObservationConvention.NAME;
        return MeterFilter.deny(id -> id.getName().equals(name) || id.getName().equals(name + ".active"));
    }

    /** The bound registry's meters: registered once, not by every request. */
    private volatile RequestMeterTable table;

    @Override
    public void bindTo(MeterRegistry registry) {
        table = new RequestMeterTable(registry);
    }

    @Override
    public void completed(RequestOutcome outcome) {
        RequestMeterTable t = table;
        if (t == null) {
            return;
        }
        RequestMeterTable.Row m = t.row(outcome.request());
        m.timer(Outcome.of(outcome)).record(outcome.elapsed());
        if (outcome.adjusted()) {
            m.counter(RequestCounter.ADJUSTMENTS).increment();
        }
        int updates = outcome.updates();
        if (updates > 0) {
            m.counter(RequestCounter.UPDATES).increment(updates);
        }
        if (outcome.failed()) {
            m.counter(RequestCounter.ERRORS).increment();
        }
        if (outcome.overrun()) {
            m.counter(RequestCounter.OVERRUNS).increment();
        }
        if (outcome.yielded()) {
            m.counter(RequestCounter.YIELDED).increment();
        }
    }
}
