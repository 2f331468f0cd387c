package io.nri4j.internal.mux;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the event loop still reads once handler threads read the trunk ({@link TrunkReader}): only
 * the runtime's last bytes as it hangs up, which nothing could answer any more. Event loop.
 */
final class DroppedReads extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(DroppedReads.class);

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
        log.debug("dropping bytes read as the runtime hung up");
    }
}
