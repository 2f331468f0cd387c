package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.ByteArrayOutputStream;

/** A test runtime's end of a trunk: keeps every byte it reads. Any thread. Public for the ttrpc tests. */
@ChannelHandler.Sharable
public final class ByteRecorder extends ChannelInboundHandlerAdapter {

    private final ByteArrayOutputStream received = new ByteArrayOutputStream();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        try {
            synchronized (received) {
                received.writeBytes(ByteBufUtil.getBytes(buf));
            }
        } finally {
            buf.release();
        }
    }

    /** Every byte read so far. */
    public byte[] bytes() {
        synchronized (received) {
            return received.toByteArray();
        }
    }
}
