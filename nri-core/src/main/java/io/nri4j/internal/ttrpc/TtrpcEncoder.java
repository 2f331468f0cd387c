package io.nri4j.internal.ttrpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.nri4j.internal.mux.MuxLimits;

/** Writes ttrpc messages. */
public final class TtrpcEncoder {

    private TtrpcEncoder() {
    }

    /**
     * Returns header and data as one buffer, with {@value MuxLimits#HEADER_LENGTH} free bytes in
     * front of its reader index, where the mux frame's header can go (MuxWriter's
     * {@code write(message, true)}).
     *
     * @throws TtrpcException with {@link StatusCode#RESOURCE_EXHAUSTED} if the data is over the
     *     limit; nothing is allocated then
     */
    public static ByteBuf encode(ByteBufAllocator alloc, long streamId, MessageType type, int flags,
            byte[] data) {
        checkSize(data.length);
        int room = MuxLimits.HEADER_LENGTH;
        ByteBuf buf = alloc.buffer(room + TtrpcLimits.HEADER_LENGTH + data.length);
        return buf.writerIndex(room).readerIndex(room)
                .writeInt(data.length)
                .writeInt((int) streamId)
                .writeByte(type.wire())
                .writeByte(flags)
                .writeBytes(data);
    }

    /** Fails the way Go's ttrpc sender does for data that may not be sent. */
    public static void checkSize(int dataLength) {
        if (dataLength > TtrpcLimits.MAX_DATA) {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.RESOURCE_EXHAUSTED,
                    "message length " + dataLength + " exceed maximum message size of "
                            + TtrpcLimits.MAX_DATA));
        }
    }
}
