package io.nri4j.spring.lifecycle;

import java.time.Duration;

/** Exponential backoff between connection attempts, reset once a connection became ready. */
final class Backoff {

    private final Duration initial;
    private final Duration max;
    private final double multiplier;
    private Duration next;

    Backoff(Duration initial, Duration max, double multiplier) {
        this.initial = initial;
        this.max = max;
        this.multiplier = multiplier;
        this.next = initial;
    }

    Duration next() {
        Duration current = next;
        long nanos = (long) Math.min(max.toNanos(), current.toNanos() * multiplier);
        next = Duration.ofNanos(Math.max(nanos, initial.toNanos()));
        return current;
    }

    void reset() {
        next = initial;
    }
}
