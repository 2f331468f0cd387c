package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * Writes whole messages to one conn of the trunk, from any thread. Each message is framed and
 * written in one piece, so messages of different conns never interleave inside a frame. A failed
 * write closes the trunk, as in Go's mux.
 */
public final class MuxWriter {

    private final Channel trunk;
    private final ConnId conn;

    public MuxWriter(Channel trunk, ConnId conn) {
        this.trunk = trunk;
        this.conn = conn;
    }

    /** Frames and flushes {@code message}, taking ownership of it. */
    public void write(ByteBuf message) {
        write(message, false);
    }

    /**
     * Frames and flushes {@code message}, taking ownership of it; with {@code roomInFront}, the
     * {@value MuxLimits#HEADER_LENGTH} bytes before its reader index are free for the frame's header
     * (see {@link MuxFraming}).
     */
    public void write(ByteBuf message, boolean roomInFront) {
        TrunkWriter.of(trunk).write(MuxFraming.frame(trunk.alloc(), conn, message, roomInFront));
    }

    public ConnId conn() {
        return conn;
    }
}
