package io.nri4j.spring.boot.autoconfigure;

/** {@code nri.state.*}: the framework-kept view of pods and containers. */
public class NriStateProperties {

    /** Whether to keep a view of the node's pods and containers (an NriStateView bean). */
    private boolean enabled = false;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }
}
