package io.nri4j.internal.ttrpc;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clock of handler budgets and of the calls' deadlines: one daemon thread of its own, at the
 * highest priority, that runs what is due itself (an answer for the runtime: it must not wait for
 * busy handler threads, a saturated common pool or an event loop). Any thread. Internal.
 *
 * <p>Almost every timer is cancelled long before it is due, one to three per request. So that this
 * costs nothing to the thread that schedules (no wake-up of another thread, as an event loop's
 * timer scheduled from outside it takes) nor to the clock's thread, scheduling wakes it only for a
 * timer due earlier than it already plans to wake, and a cancelled timer due within
 * {@link #LINGER} gives up its task at once but leaves its place in the queue until it would have
 * been due: while requests keep coming the thread wakes at most once per {@link #SLACK}, and a
 * timer fires up to that much late. A cancelled timer due later (a call's deadline, a budget:
 * seconds) leaves the queue at once: left there, the queue held every one of the last seconds'
 * requests (21,000 after the benchmark's calls), each one old enough to be copied by every young
 * collection and then promoted to the old generation.
 */
public final class SlackTimer {

    private static final Logger log = LoggerFactory.getLogger(SlackTimer.class);

    /** How late a timer may fire, so that a stream of cancelled ones wakes the clock rarely. */
    public static final long SLACK = TimeUnit.MILLISECONDS.toNanos(5);

    /** A timer cancelled with more than this left leaves the queue at once. */
    static final long LINGER = 4 * SLACK;

    private static final SlackTimer CLOCK = new SlackTimer();

    /** A scheduled task. */
    public static final class Timer {
        final long due;
        private final boolean removable;
        private volatile Runnable task;

        Timer(long due, boolean removable, Runnable task) {
            this.due = due;
            this.removable = removable;
            this.task = task;
        }

        /** Drops the task (and all it holds) at once, and a far timer from the queue; a no-op once it ran. */
        public void cancel() {
            if (task == null) {
                return;
            }
            task = null;
            if (removable) {
                CLOCK.remove(this);
            }
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition sooner = lock.newCondition();
    private final PriorityQueue<Timer> queue = new PriorityQueue<>((a, b) -> Long.compare(a.due - b.due, 0));
    /** Guarded by lock: whether the thread waits with nothing due, else when it wakes. */
    private boolean idle = true;
    private long wakeAt;

    private SlackTimer() {
        Thread t = new Thread(this::loop, "nri-timer");
        t.setDaemon(true);
        t.setPriority(Thread.MAX_PRIORITY);
        t.start();
    }

    /** Runs {@code task} on the clock's thread after {@code delayNanos}, up to {@link #SLACK} late. */
    public static Timer schedule(Runnable task, long delayNanos) {
        return CLOCK.add(new Timer(System.nanoTime() + delayNanos, delayNanos > LINGER, task));
    }

    /** Timers in the queue, cancelled or not (for tests). */
    static int queued() {
        CLOCK.lock.lock();
        try {
            return CLOCK.queue.size();
        } finally {
            CLOCK.lock.unlock();
        }
    }

    /** Timers not yet cancelled nor run (for tests; it also starts the clock). */
    public static int pending() {
        CLOCK.lock.lock();
        try {
            return (int) CLOCK.queue.stream().filter(t -> t.task != null).count();
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

    private void remove(Timer timer) {
        lock.lock();
        try {
            // Linear, over the timers of the last LINGER and those of the calls in flight: a few dozen.
            queue.remove(timer);
        } finally {
            lock.unlock();
        }
    }

    private void loop() {
        lock.lock();
        try {
            while (true) {
                long now = System.nanoTime();
                Timer head;
                while ((head = queue.peek()) != null && head.due - now <= 0) {
                    queue.poll();
                    Runnable task = head.task;
                    head.task = null;
                    if (task != null) {
                        lock.unlock();
                        try {
                            task.run();
                        } catch (RuntimeException | Error e) {
                            log.error("a timed task failed", e);
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
