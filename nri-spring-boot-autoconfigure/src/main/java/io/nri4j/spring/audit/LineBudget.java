package io.nri4j.spring.audit;

import java.util.function.LongSupplier;

/**
 * At most so many lines a second, counted in windows of one second on a monotonic clock; the
 * lines refused in a window are told once, when the next window opens.
 */
final class LineBudget {

    private static final long SECOND = 1_000_000_000L;

    private final int perSecond;
    private final LongSupplier nanoTime;
    private long windowStart;
    private int used;
    private long dropped;

    /**
     * @param perSecond lines allowed a second; 0 refuses every line
     * @param nanoTime the clock, e.g. {@code System::nanoTime}
     */
    LineBudget(int perSecond, LongSupplier nanoTime) {
        this.perSecond = perSecond;
        this.nanoTime = nanoTime;
        this.windowStart = nanoTime.getAsLong();
    }

    /**
     * Takes one line from the budget.
     *
     * @return -1 if the line is refused; otherwise how many lines were refused since the last
     *     line allowed (to be told before this one), usually 0
     */
    synchronized long take() {
        long now = nanoTime.getAsLong();
        if (now - windowStart >= SECOND) {
            windowStart = now;
            used = 0;
        }
        if (used >= perSecond) {
            dropped++;
            return -1;
        }
        used++;
        long owed = dropped;
        dropped = 0;
        return owed;
    }
}
