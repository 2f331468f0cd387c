package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.spring.updates.UpdatesListener;

/**
 * Counts the updates the application sends on its own through the {@code ContainerUpdater}:
 * {@code nri.plugin.updates} tagged with their request, {@code UpdateContainers}.
 */
public final class UpdateMetrics implements UpdatesListener, MeterBinder {

    /** The request that carries the application's own updates. */
    static final String UNSOLICITED = "UpdateContainers";

    private volatile RequestMeterTable.Row meters;

    @Override
    public void bindTo(MeterRegistry registry) {
        meters = new RequestMeterTable.Row(registry, UNSOLICITED);
    }

    @Override
    public void sent(int updates) {
        RequestMeterTable.Row m = meters;
        if (m != null && updates > 0) {
            m.counter(RequestCounter.UPDATES).increment(updates);
        }
    }
}
