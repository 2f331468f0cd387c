package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;

/**
 * Frames one whole ttrpc message for the trunk the way Go's ttrpc writer does: a message of
 * at most 4096 bytes is one frame; a larger one is its first 4096 bytes, then the rest as a
 * second frame. The Go reader relies on this: it reads a message's first frame into its
 * 4096-byte buffer and the second straight into a buffer sized for exactly what is missing.
 * Frames never carry bytes of two messages and are never empty.
 */
public final class MuxFraming {

    private MuxFraming() {
    }

    /**
     * Returns the frames for {@code message}, taking ownership of it.
     *
     * @throws IllegalArgumentException if the message is empty or larger than two frames allow
     */
    public static ByteBuf frame(ByteBufAllocator alloc, ConnId conn, ByteBuf message) {
        return frame(alloc, conn, message, false);
    }

    /**
     * As {@link #frame(ByteBufAllocator, ConnId, ByteBuf)}; with {@code roomInFront}, the
     * {@value MuxLimits#HEADER_LENGTH} bytes before the message's reader index are the caller's
     * to overwrite, and a message of one frame gets its header there: one buffer, written with
     * one system call, instead of a header buffer joined to the message.
     */
    public static ByteBuf frame(ByteBufAllocator alloc, ConnId conn, ByteBuf message, boolean roomInFront) {
        int total = message.readableBytes();
        if (total == 0 || total > MuxLimits.MAX_PAYLOAD) {
            message.release();
            throw new IllegalArgumentException("cannot frame a message of " + total + " bytes");
        }
        if (roomInFront && total <= MuxLimits.GO_READ_BUFFER && message.readerIndex() >= MuxLimits.HEADER_LENGTH) {
            int start = message.readerIndex() - MuxLimits.HEADER_LENGTH;
            return message.setInt(start, conn.wire()).setInt(start + Integer.BYTES, total).readerIndex(start);
        }
        CompositeByteBuf frames = alloc.compositeBuffer(4);
        int first = Math.min(total, MuxLimits.GO_READ_BUFFER);
        frames.addComponent(true, header(alloc, conn, first));
        frames.addComponent(true, message.readRetainedSlice(first));
        if (total > first) {
            frames.addComponent(true, header(alloc, conn, total - first));
            frames.addComponent(true, message.readRetainedSlice(total - first));
        }
        message.release();
        return frames;
    }

    private static ByteBuf header(ByteBufAllocator alloc, ConnId conn, int length) {
        return alloc.buffer(MuxLimits.HEADER_LENGTH, MuxLimits.HEADER_LENGTH)
                .writeInt(conn.wire())
                .writeInt(length);
    }
}
