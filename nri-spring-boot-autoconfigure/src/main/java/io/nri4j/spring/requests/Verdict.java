package io.nri4j.spring.requests;

import io.nri4j.stub.RequestOutcome;
import java.util.Locale;

/** What came of one request, in the words of the endpoint, the audit log and the metrics' {@code outcome} tag. */
public enum Verdict {
    /** Answered without a change. */
    OK,
    /** Answered with an adjustment of the container being created. */
    ADJUSTED,
    /** A validator's rejection: an answer, neither a success nor an error. */
    REJECTED,
    /** Answered with an error: the handler threw, or the plugin failed it. */
    ERROR,
    /** The handler outlived its budget; the answer followed the overrun policy. */
    OVERRUN,
    /** Another instance of the plugin handled it; this one answered as if absent. */
    YIELDED;

    /** The verdict of {@code outcome}: an overrun before an error, an error before the answer's content. */
    public static Verdict of(RequestOutcome outcome) {
        if (outcome.overrun()) {
            return OVERRUN;
        } else if (outcome.failed()) {
            return ERROR;
        } else if (outcome.yielded()) {
            return YIELDED;
        } else if (outcome.rejected()) {
            return REJECTED;
        }
        return outcome.adjusted() ? ADJUSTED : OK;
    }

    /** Lower case, e.g. {@code adjusted}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
