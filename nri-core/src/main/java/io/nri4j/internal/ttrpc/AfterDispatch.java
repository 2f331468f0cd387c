package io.nri4j.internal.ttrpc;

import java.util.ArrayDeque;

/**
 * Work a method handler hands back to the thread that dispatched its call, to run there once
 * the endpoint has attached the answer to the handler's result. A handler whose answer must not
 * wait for it (one with a time budget) can so run on the dispatching thread, where it would
 * otherwise hop to another: one thread wake-up less on every request. Internal.
 */
public final class AfterDispatch {

    private static final ThreadLocal<Pending> PENDING = ThreadLocal.withInitial(Pending::new);

    private AfterDispatch() {
    }

    /**
     * Queues {@code work} to run on this thread right after the dispatch it is part of; false,
     * and nothing queued, outside a dispatch. The work must not throw (a {@code FutureTask}).
     */
    public static boolean offer(Runnable work) {
        Pending pending = PENDING.get();
        if (!pending.dispatching) {
            return false;
        }
        pending.work.add(work);
        return true;
    }

    /** Runs a call's dispatch, then what its handler queued. */
    public static void run(Runnable dispatch) {
        Pending pending = PENDING.get();
        pending.dispatching = true;
        try {
            dispatch.run();
        } finally {
            pending.dispatching = false;
        }
        Runnable next;
        while ((next = pending.work.poll()) != null) {
            next.run();
        }
    }

    private static final class Pending {
        boolean dispatching;
        final ArrayDeque<Runnable> work = new ArrayDeque<>(2);
    }
}
