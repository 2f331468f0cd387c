package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import java.time.Duration;
import java.util.List;
import java.util.Map;

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
 * @param metadata the ttrpc request's metadata, keys lower-cased by the runtime; e.g. the W3C
 *     {@code traceparent} of the runtime's span where the runtime traces its calls
 */
public record RequestContext(String method, Event event, RuntimeInfo runtime, NriStub stub,
        long timeoutNanos, long startNanos, Map<String, List<String>> metadata) {

    /** A request without metadata. */
    public RequestContext(String method, Event event, RuntimeInfo runtime, NriStub stub,
            long timeoutNanos, long startNanos) {
        this(method, event, runtime, stub, timeoutNanos, startNanos, Map.of());
    }

    public RequestContext {
        // Map.copyOf returns ServerCall's copy as it is: no copy per request.
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** The first value of a metadata key (lower case), {@code null} when the request has none. */
    public String metadataValue(String key) {
        List<String> values = metadata.get(key);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

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
