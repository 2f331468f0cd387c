package io.nri4j.internal.mux;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.nri4j.internal.log.RateLimitedLog;
import org.slf4j.LoggerFactory;

/**
 * Stops reading the trunk while the runtime is not reading it: once more than the high write
 * watermark waits to be written, no new request is read (so none is answered) until the
 * backlog has drained below the low watermark. What the plugin holds for an unread runtime is
 * then the watermark, the answer that crossed it and the answers of requests already in flight.
 * Event loop.
 */
final class BackPressure extends ChannelInboundHandlerAdapter {

    private static final RateLimitedLog log = new RateLimitedLog(LoggerFactory.getLogger(BackPressure.class));

    /** The handler threads that read the trunk, if they do; null where the event loop reads. */
    private final TrunkReader reader;

    BackPressure(TrunkReader reader) {
        this.reader = reader;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        boolean writable = channel.isWritable();
        if (reader != null && reader.isActive()) {
            // The reader looks at the channel's writability before each read; told, it resumes.
            if (!writable) {
                paused(channel);
            }
            reader.writabilityChanged();
        } else if (channel.config().isAutoRead() != writable) {
            channel.config().setAutoRead(writable);
            if (!writable) {
                paused(channel);
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    private static void paused(Channel channel) {
        log.warn("paused", "the runtime is not reading what the plugin sends ({} bytes waiting);"
                + " not reading its requests until it does", pending(channel));
    }

    private static long pending(Channel channel) {
        var buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }
}
