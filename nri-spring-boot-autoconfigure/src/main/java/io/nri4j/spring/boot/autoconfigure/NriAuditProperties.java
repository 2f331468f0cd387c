package io.nri4j.spring.boot.autoconfigure;

/** {@code nri.audit.*}: one log line per request, on the logger {@code io.nri4j.audit}. */
public class NriAuditProperties {

    /** Whether to log one line per request the runtime makes, at INFO on the logger io.nri4j.audit. */
    private boolean enabled = false;

    /** At most this many audit lines a second; the lines dropped beyond it are counted in one line. */
    private int maxLinesPerSecond = 100;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getMaxLinesPerSecond() {
        return maxLinesPerSecond;
    }

    public void setMaxLinesPerSecond(int maxLinesPerSecond) {
        this.maxLinesPerSecond = maxLinesPerSecond;
    }
}
