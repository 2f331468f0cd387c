package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The counters tagged with a request's name. */
enum RequestCounter {
    ADJUSTMENTS("nri.plugin.adjustments", "Adjusted containers"),
    UPDATES("nri.plugin.updates", "Container updates sent, in replies and on the application's own"),
    ERRORS("nri.plugin.errors", "Requests answered with an error"),
    OVERRUNS("nri.plugin.budget.overruns", "Handlers answered at their budget"),
    YIELDED("nri.plugin.requests.yielded", "Requests another instance of the plugin handled");

    private final String name;
    private final String description;

    RequestCounter(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** Registers this counter of {@code request}, or finds the one registered. */
    Counter register(MeterRegistry registry, String request) {
        return Counter.builder(name).description(description).tag("request", request).register(registry);
    }
}
