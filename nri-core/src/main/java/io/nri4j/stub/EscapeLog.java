package io.nri4j.stub;

import io.nri4j.internal.log.LineBudget;
import org.slf4j.Logger;

/**
 * One WARN line per escaped container, at most {@value #BURST} a minute; the first line after
 * a full minute is preceded by how many were not written. Thread-safe.
 */
final class EscapeLog {

    static final int BURST = 20;
    private static final long WINDOW_NANOS = 60_000_000_000L;

    private final Logger log;
    private final LineBudget budget = new LineBudget(BURST, WINDOW_NANOS, System::nanoTime);

    EscapeLog(Logger log) {
        this.log = log;
    }

    void escaped(String plugin, EscapedContainer escaped) {
        long heldBack = budget.take();
        if (heldBack < 0) {
            return;
        }
        if (heldBack > 0) {
            log.warn("{} more containers escaped plugin {} since the last one logged (not logged one by one)",
                    heldBack, plugin);
        }
        log.warn("container {} ({}) was created without plugin {}: {}", escaped.describe(),
                escaped.container().getId(), plugin, why(escaped.cause()));
    }

    private static String why(EscapeCause cause) {
        return switch (cause) {
            case DOWNTIME -> "no instance of the plugin was connected (downtime)";
            case SYNCHRONIZE_RACE -> "it was being created while the plugin registered and was missing from its"
                    + " Synchronize (synchronize race, containerd/nri#63)";
            case TIMEOUT -> "the plugin's CreateContainer handler missed its time budget (timeout)";
            case OLDER_RUNTIME -> "the runtime's NRI version ignored fields of the plugin's adjustment (older runtime)";
            case PREEXISTING -> "it is older than the plugin's first registration on this node";
        };
    }
}
