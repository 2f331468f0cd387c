package io.nri4j.stub;

import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcStatus;

/**
 * A Synchronize that goes over one of the plugin's {@link Limits}: the request is answered
 * ResourceExhausted, and the runtime then drops the plugin. The message names the limit and
 * how to raise it, since the same node refuses again until it is raised (internal).
 */
final class SyncLimitException extends TtrpcException {

    private static final long serialVersionUID = 1L;

    private SyncLimitException(String message) {
        super(TtrpcStatus.of(StatusCode.RESOURCE_EXHAUSTED, message));
    }

    /** The limit a synchronization of these totals so far goes over, or null. */
    static SyncLimitException check(Limits limits, long bytes, long pods, long containers) {
        String over;
        if (bytes > limits.maxSyncBytes()) {
            over = limits.maxSyncBytes() + " bytes; raise nri.limits.max-sync-bytes (Spring Boot) or"
                    + " Limits.withMaxSyncBytes";
        } else if (pods > limits.maxSyncPods()) {
            over = limits.maxSyncPods() + " pods; raise nri.limits.max-sync-pods (Spring Boot) or"
                    + " Limits.withMaxSyncPods";
        } else if (containers > limits.maxSyncContainers()) {
            over = limits.maxSyncContainers() + " containers; raise nri.limits.max-sync-containers (Spring Boot)"
                    + " or Limits.withMaxSyncContainers";
        } else {
            return null;
        }
        return new SyncLimitException("Synchronize of " + pods + " pods, " + containers + " containers, " + bytes
                + " bytes so far is over the plugin's limit of " + over);
    }

    /** What went over, for the log line and the reason the connection ended. */
    String reason() {
        return status().message();
    }
}
