package io.nri4j.spring.boot.autoconfigure;

import java.time.Duration;

/** {@code nri.health.*}: health of the plugin. */
public class NriHealthProperties {

    /**
     * How long the plugin may be without a usable connection to the runtime before the
     * application's liveness turns DOWN (and Kubernetes restarts it).
     */
    private Duration livenessWindow = Duration.ofMinutes(2);

    public Duration getLivenessWindow() {
        return livenessWindow;
    }

    public void setLivenessWindow(Duration livenessWindow) {
        this.livenessWindow = livenessWindow;
    }
}
