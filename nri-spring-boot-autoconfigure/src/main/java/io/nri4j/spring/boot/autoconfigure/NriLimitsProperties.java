package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.stub.Limits;
import java.time.Duration;
import org.springframework.util.unit.DataSize;

/**
 * {@code nri.limits.*}: what one connection may make the plugin hold, and how long it may leave a
 * frame half-sent ({@link Limits}). The defaults are {@link Limits#DEFAULTS}, far above what a
 * real node sends; a runtime that goes beyond one fails the request that did, or loses the
 * connection, and the plugin connects again.
 */
public class NriLimitsProperties {

    // Literals, for the metadata's defaults: a test holds them equal to Limits.DEFAULTS.

    /**
     * Serialized size of one Synchronize, all its parts together. Beyond it the Synchronize
     * fails, the runtime drops the plugin, and the plugin connects again.
     */
    private DataSize maxSyncBytes = DataSize.ofMegabytes(64);

    /** Pods in one Synchronize, all its parts together. Beyond it the Synchronize fails. */
    private int maxSyncPods = 10000;

    /** Containers in one Synchronize, all its parts together. Beyond it the Synchronize fails. */
    private int maxSyncContainers = 100000;

    /**
     * Requests of the runtime accepted and not yet answered (the runtime sends one at a time).
     * More are answered ResourceExhausted, unread.
     */
    private int maxRequestsInFlight = 16;

    /**
     * Size of the answers waiting for the runtime to read them above which the plugin reads no
     * request until half of them are gone. At least 2B, below 2GB.
     */
    private DataSize writeBufferHigh = DataSize.ofMegabytes(8);

    /**
     * How long a frame or message may stay half-read with no byte arriving before the connection
     * is closed. An idle connection between messages is never timed out.
     */
    private Duration stalledReadTimeout = Duration.ofSeconds(30);

    public DataSize getMaxSyncBytes() {
        return maxSyncBytes;
    }

    public void setMaxSyncBytes(DataSize maxSyncBytes) {
        this.maxSyncBytes = maxSyncBytes;
    }

    public int getMaxSyncPods() {
        return maxSyncPods;
    }

    public void setMaxSyncPods(int maxSyncPods) {
        this.maxSyncPods = maxSyncPods;
    }

    public int getMaxSyncContainers() {
        return maxSyncContainers;
    }

    public void setMaxSyncContainers(int maxSyncContainers) {
        this.maxSyncContainers = maxSyncContainers;
    }

    public int getMaxRequestsInFlight() {
        return maxRequestsInFlight;
    }

    public void setMaxRequestsInFlight(int maxRequestsInFlight) {
        this.maxRequestsInFlight = maxRequestsInFlight;
    }

    public DataSize getWriteBufferHigh() {
        return writeBufferHigh;
    }

    public void setWriteBufferHigh(DataSize writeBufferHigh) {
        this.writeBufferHigh = writeBufferHigh;
    }

    public Duration getStalledReadTimeout() {
        return stalledReadTimeout;
    }

    public void setStalledReadTimeout(Duration stalledReadTimeout) {
        this.stalledReadTimeout = stalledReadTimeout;
    }
}
