package io.nri4j.stub;

import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.ttrpc.TtrpcServerEndpoint;
import java.time.Duration;
import java.util.Objects;

/**
 * What one connection may make the plugin hold, and how long it may leave a frame half-sent.
 * The defaults are far above what a real node sends; a runtime that goes beyond one fails the
 * request that did (with a ttrpc status) or loses the connection, with one log line, and the
 * plugin connects again as it would after any disconnect. Set on
 * {@link NriPlugin.Builder#limits(Limits)}, e.g. {@code Limits.DEFAULTS.withMaxSyncBytes(128 << 20)}.
 *
 * <p>The three Synchronize limits bound what a Synchronize handler is given at once; a plugin
 * without one holds none of it, and they do not apply to it. Beyond one, the part that went over
 * is answered ResourceExhausted, with one ERROR line naming the limit, and the runtime drops the
 * plugin: the end of the connection gives the same reason.
 *
 * @param maxSyncBytes serialized bytes of one Synchronize, all its parts together (default
 *     64 MiB)
 * @param maxSyncPods pods in one Synchronize, all parts together (default 10,000)
 * @param maxSyncContainers containers in one Synchronize, all parts together (default 100,000)
 * @param maxRequestsInFlight requests of the runtime accepted and not yet answered (default 16;
 *     the runtime sends one at a time); more are answered ResourceExhausted unread
 * @param writeBufferHigh bytes of answers waiting for the runtime to read them above which the
 *     plugin stops reading requests until half of them are gone (default 8 MiB)
 * @param stalledReadTimeout how long a frame or message may stay half-read with no byte
 *     arriving before the connection is closed (default 30 s); an idle connection between
 *     messages is never timed out
 */
public record Limits(long maxSyncBytes, int maxSyncPods, int maxSyncContainers, int maxRequestsInFlight,
        int writeBufferHigh, Duration stalledReadTimeout) {

    /** The defaults. */
    public static final Limits DEFAULTS = new Limits(64L << 20, 10_000, 100_000,
            TtrpcServerEndpoint.DEFAULT_MAX_IN_FLIGHT, MuxPipeline.Settings.DEFAULTS.writeBufferHigh(),
            MuxPipeline.Settings.DEFAULTS.stalledReadTimeout());

    /** @throws IllegalArgumentException if a limit is not positive, or writeBufferHigh below 2 */
    public Limits {
        Objects.requireNonNull(stalledReadTimeout, "stalledReadTimeout");
        positive("maxSyncBytes", maxSyncBytes);
        positive("maxSyncPods", maxSyncPods);
        positive("maxSyncContainers", maxSyncContainers);
        positive("maxRequestsInFlight", maxRequestsInFlight);
        positive("stalledReadTimeout", stalledReadTimeout.toNanos());
        if (writeBufferHigh < 2) {
            // Reading resumes below half of it.
            throw new IllegalArgumentException("writeBufferHigh must be at least 2 bytes");
        }
    }

    /** These limits with another {@link #maxSyncBytes()}. */
    public Limits withMaxSyncBytes(long bytes) {
        return new Limits(bytes, maxSyncPods, maxSyncContainers, maxRequestsInFlight, writeBufferHigh,
                stalledReadTimeout);
    }

    /** These limits with another {@link #maxSyncPods()}. */
    public Limits withMaxSyncPods(int pods) {
        return new Limits(maxSyncBytes, pods, maxSyncContainers, maxRequestsInFlight, writeBufferHigh,
                stalledReadTimeout);
    }

    /** These limits with another {@link #maxSyncContainers()}. */
    public Limits withMaxSyncContainers(int containers) {
        return new Limits(maxSyncBytes, maxSyncPods, containers, maxRequestsInFlight, writeBufferHigh,
                stalledReadTimeout);
    }

    /** These limits with another {@link #maxRequestsInFlight()}. */
    public Limits withMaxRequestsInFlight(int requests) {
        return new Limits(maxSyncBytes, maxSyncPods, maxSyncContainers, requests, writeBufferHigh,
                stalledReadTimeout);
    }

    /** These limits with another {@link #writeBufferHigh()}. */
    public Limits withWriteBufferHigh(int bytes) {
        return new Limits(maxSyncBytes, maxSyncPods, maxSyncContainers, maxRequestsInFlight, bytes,
                stalledReadTimeout);
    }

    /** These limits with another {@link #stalledReadTimeout()}. */
    public Limits withStalledReadTimeout(Duration timeout) {
        return new Limits(maxSyncBytes, maxSyncPods, maxSyncContainers, maxRequestsInFlight, writeBufferHigh,
                timeout);
    }

    MuxPipeline.Settings trunkSettings() {
        return new MuxPipeline.Settings(writeBufferHigh, stalledReadTimeout);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
