package io.nri4j.internal.log;

import java.util.function.LongSupplier;

/**
 * At most so many lines a window (a second, a minute) on a monotonic clock; the lines refused in
 * a window are told once, with the first line allowed after it. Thread-safe.
 */
public final class LineBudget {

    private final int perWindow;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private long windowStart;
    private int used;
    private long dropped;

    /**
     * @param perWindow lines allowed a window; 0 refuses every line
     * @param windowNanos the window's length
     * @param nanoTime the clock, e.g. {@code System::nanoTime}
     */
    public LineBudget(int perWindow, long windowNanos, LongSupplier nanoTime) {
        this.perWindow = perWindow;
        this.windowNanos = windowNanos;
        this.nanoTime = nanoTime;
        this.windowStart = nanoTime.getAsLong();
    }

    /**
     * Takes one line from the budget.
     *
     * @return -1 if the line is refused; otherwise how many lines were refused since the last
     *     line allowed (to be told before this one), usually 0
     */
    public synchronized long take() {
        long now = nanoTime.getAsLong();
        if (now - windowStart >= windowNanos) {
            windowStart = now;
            used = 0;
        }
        if (used >= perWindow) {
            dropped++;
            return -1;
        }
        used++;
        long owed = dropped;
        dropped = 0;
        return owed;
    }
}
