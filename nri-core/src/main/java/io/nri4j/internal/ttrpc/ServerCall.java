package io.nri4j.internal.ttrpc;

import io.nri4j.internal.ttrpc.proto.KeyValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a method handler knows about the call it serves.
 *
 * @param timeoutNanos the caller's {@code timeout_nano}; 0 means no deadline
 * @param startNanos {@link System#nanoTime()} when the request was read
 * @param metadata request metadata; keys lower-cased by the peer, unknown keys are harmless
 */
public record ServerCall(String service, String method, long streamId, long timeoutNanos,
        long startNanos, Map<String, List<String>> metadata) {

    public ServerCall {
        metadata = Map.copyOf(metadata);
    }

    public boolean hasDeadline() {
        return timeoutNanos > 0;
    }

    /** Time left before the caller gives up; {@code null} without a deadline. */
    public Duration timeRemaining() {
        if (!hasDeadline()) {
            return null;
        }
        return Duration.ofNanos(timeoutNanos - (System.nanoTime() - startNanos));
    }

    /** A request's metadata pairs as a map: values in order, keys in their first order. */
    static Map<String, List<String>> metadata(List<KeyValue> pairs) {
        if (pairs.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> metadata = new LinkedHashMap<>();
        for (KeyValue pair : pairs) {
            metadata.computeIfAbsent(pair.getKey(), k -> new ArrayList<>()).add(pair.getValue());
        }
        metadata.replaceAll((k, v) -> List.copyOf(v));
        return metadata;
    }

    /** {@code Service/Method}, for messages. */
    public String fullMethod() {
        return service + "/" + method;
    }
}
