package io.nri4j.internal.ttrpc;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.nri4j.internal.mux.MuxLimits;
import io.nri4j.internal.ttrpc.proto.Response;
import java.io.IOException;

/** Writes ttrpc messages. */
public final class TtrpcEncoder {

    /** The OK status, an empty message: its tag and a zero length. */
    private static final int OK_STATUS_FIELD_LENGTH = 2;

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
        return header(alloc, streamId, type, flags, data.length).writeBytes(data);
    }

    /**
     * A RESPONSE message with status OK and {@code payload}: the bytes the {@code Response}
     * envelope's builder would give (an empty status, then the payload unless it is empty),
     * written in one pass into one buffer laid out as {@link #encode}'s.
     *
     * @throws TtrpcException with {@link StatusCode#RESOURCE_EXHAUSTED} if the envelope is over the
     *     limit; nothing is allocated then
     * @throws IOException if the payload writes another number of bytes than it said
     */
    public static ByteBuf response(ByteBufAllocator alloc, long streamId, ResponsePayload payload)
            throws IOException {
        int size = payload.size();
        int envelope = OK_STATUS_FIELD_LENGTH + (size == 0 ? 0
                : 1 + CodedOutputStream.computeUInt32SizeNoTag(size) + size);
        ByteBuf buf = header(alloc, streamId, MessageType.RESPONSE, 0, envelope);
        try {
            CodedOutputStream out = CodedOutputStream.newInstance(buf.nioBuffer(buf.writerIndex(), envelope));
            out.writeTag(Response.STATUS_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(0);
            if (size > 0) {
                out.writeTag(Response.PAYLOAD_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(size);
                payload.writeTo(out);
            }
            if (out.spaceLeft() != 0) { // one that wrote more failed as it did
                throw new IOException("the payload wrote " + out.spaceLeft() + " bytes fewer than its size");
            }
            return buf.writerIndex(buf.writerIndex() + envelope);
        } catch (IOException | RuntimeException e) {
            buf.release();
            throw e;
        }
    }

    /** A buffer for a message of {@code length} data bytes, its header written. */
    private static ByteBuf header(ByteBufAllocator alloc, long streamId, MessageType type, int flags, int length) {
        checkSize(length);
        int room = MuxLimits.HEADER_LENGTH;
        ByteBuf buf = alloc.buffer(room + TtrpcLimits.HEADER_LENGTH + length);
        return buf.writerIndex(room).readerIndex(room)
                .writeInt(length)
                .writeInt((int) streamId)
                .writeByte(type.wire())
                .writeByte(flags);
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
