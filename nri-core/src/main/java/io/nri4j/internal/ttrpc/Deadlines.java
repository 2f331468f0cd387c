package io.nri4j.internal.ttrpc;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Where a call's deadline is timed. Any thread. */
final class Deadlines {

    private Deadlines() {
    }

    /**
     * Schedules {@code task} where that is cheap: on the event loop when on it (to the nanosecond);
     * from another thread (one reading the trunk itself) on the clock's thread, up to
     * {@link SlackTimer#SLACK} late, as an event-loop timer scheduled from outside wakes the loop.
     * Returns what cancels it.
     */
    static Runnable schedule(EventLoop eventLoop, Runnable task, long nanos) {
        if (eventLoop.inEventLoop()) {
            ScheduledFuture<?> timer = eventLoop.schedule(task, nanos, TimeUnit.NANOSECONDS);
            return () -> timer.cancel(false); // from another thread Netty drops it on the loop's next turn
        }
        SlackTimer.Timer timer = SlackTimer.schedule(task, nanos);
        return timer::cancel;
    }
}
