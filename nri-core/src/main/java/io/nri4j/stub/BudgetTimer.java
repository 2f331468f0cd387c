package io.nri4j.stub;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The clock of handler budgets: one daemon thread of its own, at the highest priority, that
 * answers overrun requests itself. Neither busy handler threads nor a saturated common pool can
 * delay an answer whose whole point is to beat the runtime's deadline, and a timer is cancelled
 * (and dropped) as soon as its handler finishes first.
 */
final class BudgetTimer {

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private BudgetTimer() {
    }

    static ScheduledFuture<?> schedule(Runnable overrun, long delayNanos) {
        return TIMER.schedule(overrun, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** Timers waiting to fire, for tests. */
    static int pending() {
        return TIMER.getQueue().size();
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "nri-budget-timer");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
