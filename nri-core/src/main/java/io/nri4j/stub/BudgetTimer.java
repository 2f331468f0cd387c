package io.nri4j.stub;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clock of handler budgets: one daemon thread of its own, at the highest priority, that
 * answers overrun requests itself. Neither busy handler threads nor a saturated common pool can
 * delay an answer whose whole point is to beat the runtime's deadline.
 *
 * <p>Almost every budget is cancelled long before it is due, one per request. So that this costs
 * the clock's thread nothing, scheduling wakes it only for a budget due earlier than it already
 * plans to wake, and a cancelled budget gives up its task at once but leaves its place in the
 * queue until it would have been due. While requests keep coming the thread wakes at most once
 * per {@link #SLACK}, and a budget fires up to that much late.
 */
final class BudgetTimer {

    private static final Logger log = LoggerFactory.getLogger(BudgetTimer.class);

    /** How late a budget may fire, so that a stream of cancelled ones wakes the clock rarely. */
    static final long SLACK = TimeUnit.MILLISECONDS.toNanos(5);

    private static final BudgetTimer CLOCK = new BudgetTimer();

    /** A scheduled budget. */
    static final class Timer {
        final long due;
        private volatile Runnable overrun;

        Timer(long due, Runnable overrun) {
            this.due = due;
            this.overrun = overrun;
        }

        /** Drops the task (and all it holds) at once; a no-op once it ran. */
        void cancel() {
            overrun = null;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition sooner = lock.newCondition();
    private final PriorityQueue<Timer> queue = new PriorityQueue<>((a, b) -> Long.compare(a.due - b.due, 0));
    /** Guarded by lock: whether the thread waits with nothing due, else when it wakes. */
    private boolean idle = true;
    private long wakeAt;

    private BudgetTimer() {
        Thread t = new Thread(this::loop, "nri-budget-timer");
        t.setDaemon(true);
        t.setPriority(Thread.MAX_PRIORITY);
        t.start();
    }

    static Timer schedule(Runnable overrun, long delayNanos) {
        return CLOCK.add(new Timer(System.nanoTime() + delayNanos, overrun));
    }

    /** Budgets not yet cancelled nor run, for tests. */
    static int pending() {
        CLOCK.lock.lock();
        try {
            return (int) CLOCK.queue.stream().filter(t -> t.overrun != null).count();
        } finally {
            CLOCK.lock.unlock();
        }
    }

    private Timer add(Timer timer) {
        lock.lock();
        try {
            queue.add(timer);
            if (idle || timer.due - wakeAt < -SLACK) {
                sooner.signal();
            }
        } finally {
            lock.unlock();
        }
        return timer;
    }

    private void loop() {
        lock.lock();
        try {
            while (true) {
                long now = System.nanoTime();
                Timer head;
                while ((head = queue.peek()) != null && head.due - now <= 0) {
                    queue.poll();
                    Runnable overrun = head.overrun;
                    head.overrun = null;
                    if (overrun != null) {
                        lock.unlock();
                        try {
                            overrun.run();
                        } catch (RuntimeException | Error e) {
                            log.error("a handler budget's overrun failed", e);
                        } finally {
                            lock.lock();
                        }
                        now = System.nanoTime();
                    }
                }
                if (head == null) {
                    idle = true;
                    sooner.awaitUninterruptibly();
                } else {
                    idle = false;
                    wakeAt = head.due - now > SLACK ? head.due : now + SLACK;
                    sooner.awaitNanos(wakeAt - now);
                }
            }
        } catch (InterruptedException e) {
            // A daemon no one interrupts; if something does, the JVM is going away.
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }
}
