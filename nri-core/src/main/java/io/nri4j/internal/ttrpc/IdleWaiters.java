package io.nri4j.internal.ttrpc;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What waits on the event loop for a server to have no call in flight. Actions are added and run
 * on the event loop, always from a task of their own: an answer written through the channel from
 * another thread is a task queued before its call left the server's table, so it goes out before
 * an action that closes the connection. {@link #callEnded()} is told on whichever thread took a
 * call out of the table, and wakes the event loop only when something waits.
 */
final class IdleWaiters {

    private static final Logger logger = LoggerFactory.getLogger(IdleWaiters.class);

    private final EventLoop eventLoop;
    /** The server's calls in flight: read here, written by the server. */
    private final Map<?, ?> calls;
    /** Event loop. */
    private final List<Runnable> waiting = new ArrayList<>();
    /** Set on the event loop while {@link #waiting} is not empty; read where calls end. */
    private volatile boolean wanted;

    IdleWaiters(EventLoop eventLoop, Map<?, ?> calls) {
        this.eventLoop = eventLoop;
        this.calls = calls;
    }

    /** Event loop: runs {@code action} once no call is in flight, on the loop's next turn if none is. */
    void add(Runnable action) {
        waiting.add(action);
        wanted = true;
        // The last call may have ended before the flag went up: its thread did not see it then,
        // so look here (each side writes, then reads what the other wrote).
        if (calls.isEmpty()) {
            post();
        }
    }

    /** Any thread, after a call was taken out of the table. */
    void callEnded() {
        if (wanted && calls.isEmpty()) {
            post();
        }
    }

    private void post() {
        try {
            eventLoop.execute(this::run);
        } catch (RejectedExecutionException e) {
            logger.debug("event loop gone; idle actions dropped with the connection");
        }
    }

    /** Event loop. */
    private void run() {
        if (!calls.isEmpty() || waiting.isEmpty()) {
            return; // the call that ends last posts this again: the flag is still up
        }
        wanted = false;
        List<Runnable> actions = List.copyOf(waiting);
        waiting.clear();
        actions.forEach(Runnable::run);
    }
}
