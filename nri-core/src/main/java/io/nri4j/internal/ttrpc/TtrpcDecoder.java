package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.netty.buffer.ByteBuf;
import java.util.function.Consumer;

/**
 * Reassembles ttrpc messages from one conn's byte stream, whatever the mux frame boundaries.
 * Emits {@link TtrpcMessage}s and, for data over the limit, {@link OversizedMessage}s; the
 * length is checked before the body is allocated, and oversized bodies are skipped, never
 * stored. Not thread-safe: one instance per conn, fed by the thread reading the trunk.
 */
public final class TtrpcDecoder {

    private enum State { HEADER, BODY, DISCARD }

    private State state = State.HEADER;
    private final byte[] header = new byte[TtrpcLimits.HEADER_LENGTH];
    private int headerFilled;
    private long streamId;
    private int type;
    private int flags;
    private long length;
    private byte[] body;
    private int bodyFilled;
    private long discardRemaining;

    /** Consumes all of {@code in} (without releasing it), emitting each completed message. */
    public void decode(ByteBuf in, Consumer<Object> out) {
        while (in.isReadable()) {
            switch (state) {
                case HEADER -> readHeader(in, out);
                case BODY -> {
                    int n = Math.min(body.length - bodyFilled, in.readableBytes());
                    in.readBytes(body, bodyFilled, n);
                    bodyFilled += n;
                    if (bodyFilled == body.length) {
                        emit(out, UnsafeByteOperations.unsafeWrap(body));
                    }
                }
                case DISCARD -> {
                    int n = (int) Math.min(discardRemaining, in.readableBytes());
                    in.skipBytes(n);
                    discardRemaining -= n;
                    if (discardRemaining == 0) {
                        state = State.HEADER;
                        out.accept(new OversizedMessage(streamId, type, length));
                    }
                }
            }
        }
    }

    /** Bytes allocated for the message being read: its header so far, or its whole body. */
    int heldBytes() {
        return body != null ? body.length : headerFilled;
    }

    /** True while a message has been started but not completed. */
    public boolean isPartial() {
        return state != State.HEADER || headerFilled > 0;
    }

    private void readHeader(ByteBuf in, Consumer<Object> out) {
        int n = Math.min(header.length - headerFilled, in.readableBytes());
        in.readBytes(header, headerFilled, n);
        headerFilled += n;
        if (headerFilled < header.length) {
            return;
        }
        headerFilled = 0;
        length = readUint32(0);
        streamId = readUint32(4);
        type = header[8] & 0xff;
        flags = header[9] & 0xff;
        if (length > TtrpcLimits.MAX_DATA) {
            discardRemaining = length;
            state = State.DISCARD;
        } else if (length == 0) {
            emit(out, ByteString.EMPTY);
        } else {
            body = new byte[(int) length];
            bodyFilled = 0;
            state = State.BODY;
        }
    }

    private void emit(Consumer<Object> out, ByteString data) {
        body = null;
        state = State.HEADER;
        out.accept(new TtrpcMessage(streamId, type, flags, data));
    }

    private long readUint32(int offset) {
        return ((header[offset] & 0xffL) << 24) | ((header[offset + 1] & 0xffL) << 16)
                | ((header[offset + 2] & 0xffL) << 8) | (header[offset + 3] & 0xffL);
    }
}
