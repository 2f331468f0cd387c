package io.nri4j.internal.mux;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link TrunkReader}'s idle threads, the last to go idle woken first (its caches are warm, and
 * the scheduler still knows its CPU). Guarded by the reader's lock.
 */
final class Followers {

    private final ArrayDeque<Follower> idle = new ArrayDeque<>();

    /**
     * Locked on entry and exit ({@code lock} is released meanwhile): the calling thread idles until
     * woken, or for at most {@code nanos}, and is then no longer idle either way.
     */
    Follower idle(ReentrantLock lock, long nanos) {
        Follower me = new Follower(Thread.currentThread());
        idle.push(me);
        lock.unlock();
        try {
            me.await(nanos);
        } finally {
            lock.lock();
        }
        if (!me.woken()) {
            idle.remove(me);
        }
        return me;
    }

    /** Locked: wakes the last to go idle, to lead or to take work; false if none is idle. */
    boolean wakeOne(boolean lead) {
        Follower next = idle.poll();
        if (next == null) {
            return false;
        }
        next.wake(lead);
        return true;
    }

    /** One idle thread. */
    static final class Follower {
        private final Thread thread;
        private volatile boolean woken;
        private volatile boolean lead;

        private Follower(Thread thread) {
            this.thread = thread;
        }

        /** Not locked: parks until woken, or for at most {@code nanos}. */
        private void await(long nanos) {
            long deadline = System.nanoTime() + nanos;
            while (!woken) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                Thread.interrupted(); // a cancelled handler's late interrupt would end every park
                LockSupport.parkNanos(this, left);
            }
        }

        boolean woken() {
            return woken;
        }

        /** Whether it was woken to lead, rather than to take work. */
        boolean lead() {
            return lead;
        }

        private void wake(boolean lead) {
            this.lead = lead;
            this.woken = true;
            LockSupport.unpark(thread);
        }
    }
}
