package io.nri4j.spring.lifecycle;

import io.nri4j.stub.EscapeCause;
import io.nri4j.stub.EscapedContainer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The containers reported as escaped since the application started: a count per cause, and the
 * last few, for metrics and health details. Thread-safe.
 */
public final class EscapeTally {

    /** How many of the latest escapes the health details list. */
    public static final int LATEST = 10;

    private final Map<EscapeCause, AtomicLong> counts = new EnumMap<>(EscapeCause.class);
    private final Deque<String> latest = new ArrayDeque<>();

    EscapeTally() {
        for (EscapeCause cause : EscapeCause.values()) {
            counts.put(cause, new AtomicLong());
        }
    }

    void add(EscapedContainer escaped) {
        counts.get(escaped.cause()).incrementAndGet();
        if (!escaped.cause().escaped()) {
            return;
        }
        synchronized (latest) {
            if (latest.size() == LATEST) {
                latest.removeFirst();
            }
            latest.addLast(escaped.describe() + " (" + escaped.container().getId() + "): "
                    + escaped.cause().name().toLowerCase(Locale.ROOT));
        }
    }

    /** A container created without fields of the plugin's adjustment that its runtime ignores. */
    void olderRuntime(String containerId, List<String> fields) {
        counts.get(EscapeCause.OLDER_RUNTIME).incrementAndGet();
        synchronized (latest) {
            if (latest.size() == LATEST) {
                latest.removeFirst();
            }
            latest.addLast(containerId + ": older_runtime (" + String.join(", ", fields) + ")");
        }
    }

    /** How many were reported with this cause. */
    public long count(EscapeCause cause) {
        return counts.get(cause).get();
    }

    /** The causes reported so far, lower case, with how often; the ones never reported left out. */
    public Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (EscapeCause cause : EscapeCause.values()) {
            long n = count(cause);
            if (n > 0) {
                counts.put(cause.name().toLowerCase(Locale.ROOT), n);
            }
        }
        return counts;
    }

    /** The latest escapes, oldest first: {@code namespace/pod/container (id): cause}. */
    public List<String> latest() {
        synchronized (latest) {
            return List.copyOf(latest);
        }
    }
}
