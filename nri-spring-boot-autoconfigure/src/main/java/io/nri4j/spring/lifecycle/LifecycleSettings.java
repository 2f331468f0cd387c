package io.nri4j.spring.lifecycle;

import java.time.Duration;
import java.util.Set;

/**
 * How the plugin reconnects, stops and exits.
 *
 * @param reconnect whether to connect again after the connection is lost
 * @param exitReasons Shutdown reasons after which the application exits instead of reconnecting
 * @param exitCode the exit code then
 * @param livenessWindow how long the plugin may be without a usable connection before the
 *     application reports itself broken
 * @param grace how long a graceful stop waits for handlers already running
 */
public record LifecycleSettings(boolean reconnect, Duration initialBackoff, Duration maxBackoff, double multiplier,
        Set<String> exitReasons, int exitCode, Duration livenessWindow, Duration grace) {

    public LifecycleSettings {
        exitReasons = Set.copyOf(exitReasons);
    }
}
