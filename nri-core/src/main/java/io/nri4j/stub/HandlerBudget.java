package io.nri4j.stub;

import java.time.Duration;

/**
 * How much of a request's deadline a handler may use, and what the plugin answers when it uses
 * more. The runtime disconnects a plugin that misses the deadline and carries on without it;
 * answering at the budget keeps the plugin connected. Validation is answered with a rejection
 * whatever the policy: a validator that cannot decide must not let a container through.
 *
 * <p>The budget is the fraction of the time left, but never closer to the deadline than
 * {@link #MARGIN}: the answer still has to be written and travel, and on a busy node that takes
 * time a fraction of a short deadline does not leave.
 *
 * @param fraction share of the request's remaining time, above 0 and below 1
 * @param policy what to answer for a handler still running when the budget is spent
 */
public record HandlerBudget(double fraction, OverrunPolicy policy) {

    /** What to answer for a handler still running at its budget. */
    public enum OverrunPolicy {
        /** An empty result: no adjustment, no updates, as if the plugin were not there. */
        EMPTY_RESULT,
        /** An error: the runtime fails the operation (container creation, ...). */
        FAIL
    }

    /** The least time kept between the budget and the runtime's deadline. */
    public static final Duration MARGIN = Duration.ofMillis(200);

    private static final long MARGIN_NANOS = MARGIN.toNanos();

    /** Refuses a fraction outside (0, 1) and a missing policy. */
    public HandlerBudget {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException(
                    "the handler budget must be a fraction of the deadline between 0 and 1, not " + fraction);
        }
        if (policy == null) {
            throw new IllegalArgumentException("the handler budget needs an overrun policy");
        }
    }

    /** The time a handler may take of {@code left}, the time until the runtime's deadline. */
    public Duration of(Duration left) {
        return Duration.ofNanos(nanosOf(left.toNanos()));
    }

    /** {@link #of(Duration)} in nanoseconds, without a {@code Duration} per request. */
    long nanosOf(long leftNanos) {
        long byFraction = (long) (leftNanos * fraction);
        long byMargin = leftNanos - MARGIN_NANOS;
        return Math.max(0, Math.min(byFraction, byMargin));
    }

    /** 80% of the deadline, then an empty result. */
    public static HandlerBudget defaults() {
        return new HandlerBudget(0.8, OverrunPolicy.EMPTY_RESULT);
    }
}
