package io.nri4j.internal.log;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * A logger for causes the runtime can repeat as fast as it sends bytes: each cause logs at most
 * one line per {@value #WINDOW_SECONDS} s, and the first line after a quiet spell says how many
 * were held back. A cause is a fixed name chosen in code, never text from the wire, so the
 * causes stay a small set. Thread-safe.
 */
public final class RateLimitedLog {

    static final long WINDOW_SECONDS = 10;
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);

    private final Logger logger;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimitedLog(Logger logger) {
        this(logger, System::nanoTime);
    }

    /** With a clock of its own, for tests. */
    public RateLimitedLog(Logger logger, LongSupplier nanoTime) {
        this.logger = logger;
        this.nanoTime = nanoTime;
    }

    /** Logs a warning unless {@code cause} logged one within the window. */
    public void warn(String cause, String format, Object... args) {
        log(Level.WARN, cause, format, args);
    }

    /** Logs at info level unless {@code cause} logged within the window. */
    public void info(String cause, String format, Object... args) {
        log(Level.INFO, cause, format, args);
    }

    private void log(Level level, String cause, String format, Object[] args) {
        if (!(level == Level.WARN ? logger.isWarnEnabled() : logger.isInfoEnabled())) {
            return;
        }
        long suppressed = windows.computeIfAbsent(cause, c -> new Window()).admit(nanoTime.getAsLong());
        if (suppressed < 0) {
            return;
        }
        if (suppressed == 0) {
            emit(level, format, args);
            return;
        }
        // The count goes before a trailing throwable, which SLF4J only treats as one when last.
        boolean thrown = args.length > 0 && args[args.length - 1] instanceof Throwable;
        int at = thrown ? args.length - 1 : args.length;
        Object[] withCount = Arrays.copyOf(args, args.length + 1);
        System.arraycopy(args, at, withCount, at + 1, args.length - at);
        withCount[at] = suppressed;
        emit(level, format + " ({} similar lines suppressed in the last " + WINDOW_SECONDS + " s)", withCount);
    }

    private void emit(Level level, String format, Object[] args) {
        if (level == Level.WARN) {
            logger.warn(format, args);
        } else {
            logger.info(format, args);
        }
    }

    /** One cause's window: when it last logged, and what it held back since. */
    private static final class Window {

        private boolean started;
        private long start;
        private long suppressed;

        /** -1 to hold the line back; otherwise how many were held back before it. */
        synchronized long admit(long now) {
            if (started && now - start < WINDOW_NANOS) {
                suppressed++;
                return -1;
            }
            started = true;
            start = now;
            long held = suppressed;
            suppressed = 0;
            return held;
        }
    }
}
