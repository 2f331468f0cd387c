package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.nri4j.spring.requests.Verdict;
import io.nri4j.stub.RequestOutcome;

/** The {@code outcome} tag of {@code nri.plugin.requests}: a timer per outcome and request. */
enum Outcome {
    SUCCESS("success"),
    ERROR("error"),
    OVERRUN("overrun"),
    /** Only where a validator can reject. */
    REJECTED("rejected");

    static final String REQUESTS = "nri.plugin.requests";

    private final String tag;

    Outcome(String tag) {
        this.tag = tag;
    }

    /** A rejection is the validator's answer, neither a success nor an error. */
    static Outcome of(RequestOutcome outcome) {
        return switch (Verdict.of(outcome)) {
            case OVERRUN -> OVERRUN;
            case ERROR -> ERROR;
            case REJECTED -> REJECTED;
            case OK, ADJUSTED, YIELDED -> SUCCESS;
        };
    }

    /** Registers this outcome's timer of {@code request}, or finds the one registered. */
    Timer register(MeterRegistry registry, String request) {
        return Timer.builder(REQUESTS).description("Handling of the runtime's requests")
                .tag("request", request).tag("outcome", tag).register(registry);
    }
}
