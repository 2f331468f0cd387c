package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One registry's request meters, registered on first use. A request's meters are found by its
 * name, whose hash the string keeps, then by slot: a request costs one lookup and no key of its
 * own, and a meter is built only while its slot is empty.
 */
final class RequestMeterTable {

    private static final int TIMERS = Outcome.values().length;
    private static final int SLOTS = TIMERS + RequestCounter.values().length;

    private final MeterRegistry registry;
    private final Map<String, Row> rows = new ConcurrentHashMap<>();

    RequestMeterTable(MeterRegistry registry) {
        this.registry = registry;
    }

    /** The meters of {@code request}. */
    Row row(String request) {
        Row row = rows.get(request);
        return row != null ? row : rows.computeIfAbsent(request, this::newRow);
    }

    private Row newRow(String request) {
        return new Row(registry, request);
    }

    /** One request's meters: a timer per outcome, then a counter per {@link RequestCounter}. */
    static final class Row {

        private final MeterRegistry registry;
        private final String request;
        private final AtomicReferenceArray<Meter> slots = new AtomicReferenceArray<>(SLOTS);

        Row(MeterRegistry registry, String request) {
            this.registry = registry;
            this.request = request;
        }

        Timer timer(Outcome outcome) {
            int slot = outcome.ordinal();
            Meter m = slots.get(slot);
            return (Timer) (m != null ? m : remember(slot, outcome.register(registry, request)));
        }

        Counter counter(RequestCounter counter) {
            int slot = TIMERS + counter.ordinal();
            Meter m = slots.get(slot);
            return (Counter) (m != null ? m : remember(slot, counter.register(registry, request)));
        }

        // Registering twice returns the meter already registered, so a race costs nothing.
        private Meter remember(int slot, Meter m) {
            slots.set(slot, m);
            return m;
        }
    }
}
