package io.nri4j.spring.boot.autoconfigure;

import java.time.Duration;

/** {@code nri.reconnect.*}: connecting again after the runtime went away (restart, crash). */
public class NriReconnectProperties {

    /** Whether to connect again after losing the runtime; if not, the application exits with code 1. */
    private boolean enabled = true;

    /** Wait before the first new attempt. */
    private Duration initialBackoff = Duration.ofMillis(500);

    /** Longest wait between attempts. */
    private Duration maxBackoff = Duration.ofSeconds(30);

    /** Factor by which the wait grows after each failed attempt. */
    private double multiplier = 2.0;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Duration getInitialBackoff() {
        return initialBackoff;
    }

    public void setInitialBackoff(Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
    }

    public Duration getMaxBackoff() {
        return maxBackoff;
    }

    public void setMaxBackoff(Duration maxBackoff) {
        this.maxBackoff = maxBackoff;
    }

    public double getMultiplier() {
        return multiplier;
    }

    public void setMultiplier(double multiplier) {
        this.multiplier = multiplier;
    }
}
