package io.nri4j.internal.mux;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Closes a trunk on which the runtime started a frame (or a message) and then sent nothing for
 * the timeout: Netty's {@code ReadTimeoutHandler}, but only while something is partly read, so
 * a healthy connection may stay idle for as long as the runtime has no events. The clock
 * restarts with every read, and stops while the plugin itself is not reading (back-pressure).
 */
final class StalledFrameTimeout extends ChannelInboundHandlerAdapter {

    private final long timeoutNanos;
    private final BooleanSupplier partial;
    private ScheduledFuture<?> timer;

    /** @param partial whether anything downstream holds an unfinished frame or message */
    StalledFrameTimeout(long timeoutNanos, BooleanSupplier partial) {
        this.timeoutNanos = timeoutNanos;
        this.partial = partial;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        // Everything read so far has been decoded by now: channelRead runs through first.
        ctx.fireChannelReadComplete();
        cancel();
        if (partial.getAsBoolean()) {
            arm(ctx);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    private void arm(ChannelHandlerContext ctx) {
        timer = ctx.executor().schedule(() -> expired(ctx), timeoutNanos, TimeUnit.NANOSECONDS);
    }

    private void expired(ChannelHandlerContext ctx) {
        timer = null;
        if (!ctx.channel().isActive() || !partial.getAsBoolean()) {
            return;
        }
        if (!ctx.channel().config().isAutoRead()) {
            // The plugin paused reading; the runtime cannot be blamed for the silence.
            arm(ctx);
            return;
        }
        ctx.fireExceptionCaught(new MuxCodecException("part of a frame, then nothing for "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"));
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
