package io.nri4j.internal.mux;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.unix.UnixChannel;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a trunk's reading to a {@link TrunkReader} as the channel becomes active, where it can (an
 * epoll channel, Netty's wait reachable); the pipeline's own decoder is then replaced by one that
 * drops what the event loop still reads when the runtime hangs up (nothing can be answered then).
 * Elsewhere the event loop reads as before. Removes itself; event loop.
 */
final class HandlerThreadsRead extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(HandlerThreadsRead.class);

    private final TrunkReader reader;
    private final MuxDemultiplexer demux;
    private final long stallNanos;

    HandlerThreadsRead(TrunkReader reader, MuxDemultiplexer demux, long stallNanos) {
        this.reader = reader;
        this.demux = demux;
        this.stallNanos = stallNanos;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.pipeline().remove(this);
        Channel trunk = ctx.channel();
        ReadLoop loop = null;
        if (trunk instanceof UnixChannel unix && trunk.isOpen()) {
            try {
                loop = ReadLoop.open(unix, trunk.alloc(), demux, stallNanos);
            } catch (IOException | RuntimeException | LinkageError e) {
                log.debug("the event loop reads the NRI socket: {}", e.toString());
            }
        }
        if (loop != null) {
            // Before the pipeline's own first read, which follows this event.
            trunk.config().setAutoRead(false);
            ctx.pipeline().remove("stall");
            ctx.pipeline().replace("mux", "read-elsewhere", new DroppedReads());
            reader.start(loop);
        }
        ctx.fireChannelActive();
    }
}
