package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.stub.NriEvent;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;

/**
 * Counts the adjustment fields the runtime ignored, from {@link NriEvent.AdjustmentFieldsIgnored}:
 * {@code nri.adjustments.ignored} tagged {@code field} (e.g. {@code args}, {@code linux.sysctl}),
 * one per reply and field.
 */
public final class AdjustmentMetrics
        implements MeterBinder, ApplicationListener<PayloadApplicationEvent<NriEvent.AdjustmentFieldsIgnored>> {

    static final String IGNORED = "nri.adjustments.ignored";

    private volatile MeterRegistry registry;
    /** The bound registry's counters by field, registered on first use. */
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void onApplicationEvent(PayloadApplicationEvent<NriEvent.AdjustmentFieldsIgnored> event) {
        MeterRegistry r = registry;
        if (r == null) {
            return;
        }
        for (String field : event.getPayload().fields()) {
            counters.computeIfAbsent(field, f -> Counter.builder(IGNORED)
                    .description("Fields of CreateContainer adjustments the runtime's NRI version ignores")
                    .tag("field", f).register(r)).increment();
        }
    }
}
