package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import java.time.Duration;

/**
 * The request being handled.
 *
 * @param method the ttrpc method that carried it, e.g. {@code StartContainer} or
 *     {@code StateChange} on older runtimes
 * @param event the lifecycle event, {@link Event#UNKNOWN} for Configure, Synchronize, Shutdown
 * @param runtime what Configure said; already set while the Configure handler runs
 * @param stub the connection, e.g. to queue unsolicited updates
 * @param timeoutNanos the runtime's deadline for the request, in nanoseconds; 0 or less for none
 * @param startNanos when the request was read, on the {@link System#nanoTime()} clock
 */
public record RequestContext(String method, Event event, RuntimeInfo runtime, NriStub stub,
        long timeoutNanos, long startNanos) {

    /** The request's name: the event's for lifecycle events, the method's otherwise. */
    public String request() {
        return requestName(method, event);
    }

    static String requestName(String method, Event event) {
        return event == Event.UNKNOWN ? method : EventMask.prettyName(event);
    }

    /** Time left before the runtime gives up on this request; {@code null} without a deadline. */
    public Duration timeRemaining() {
        if (timeoutNanos <= 0) {
            return null;
        }
        return Duration.ofNanos(timeoutNanos - (System.nanoTime() - startNanos));
    }
}
