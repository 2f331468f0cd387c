package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.nri4j.internal.log.RateLimitedLog;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Splits the trunk into {@link MuxData} runs. Payloads are passed on as they arrive, without
 * waiting for a whole frame, so no frame is ever buffered here; the header's length is checked
 * before a single payload byte is accepted.
 */
public final class MuxFrameDecoder extends ByteToMessageDecoder {

    private enum State { HEADER, PAYLOAD, SKIP, FAILED }

    private final RateLimitedLog log;
    private State state = State.HEADER;
    private ConnId conn;
    private long remaining;

    public MuxFrameDecoder() {
        this(new RateLimitedLog(LoggerFactory.getLogger(MuxFrameDecoder.class)));
    }

    MuxFrameDecoder(RateLimitedLog log) {
        this.log = log;
    }

    /** Bytes kept between reads: at most a header's worth less one, payloads are never kept. */
    int heldBytes() {
        return actualReadableBytes();
    }

    /** Whether a frame has been started and not completed. Event loop only. */
    public boolean isPartial() {
        return state == State.PAYLOAD || state == State.SKIP
                || (state == State.HEADER && actualReadableBytes() > 0);
    }

    /**
     * Whether a frame's payload has been started and not completed; bytes kept for a header are
     * the caller's to count when it feeds {@link #decodeRead} itself. Its reading thread only.
     */
    boolean inPayload() {
        return state == State.PAYLOAD || state == State.SKIP;
    }

    /**
     * Decodes what a reader of the trunk's own read, outside a pipeline: what it leaves readable
     * (less than a header) is the caller's to keep for the next call. One thread at a time.
     */
    void decodeRead(ByteBuf in, List<Object> out) {
        decode(null, in, out);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable()) {
            switch (state) {
                case HEADER -> {
                    if (in.readableBytes() < MuxLimits.HEADER_LENGTH) {
                        return;
                    }
                    readHeader(in);
                }
                case PAYLOAD -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    out.add(new MuxData(conn, in.readRetainedSlice(n)));
                    consumed(n);
                }
                case SKIP -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    in.skipBytes(n);
                    consumed(n);
                }
                case FAILED -> {
                    in.skipBytes(in.readableBytes());
                    return;
                }
            }
        }
    }

    private void readHeader(ByteBuf in) {
        long id = in.readUnsignedInt();
        long length = in.readUnsignedInt();
        if (id == 0) {
            fail("frame on reserved conn id 0 (" + length + " bytes)");
        }
        if (length > MuxLimits.MAX_PAYLOAD) {
            fail("conn " + id + ": frame payload of " + length + " bytes, the maximum is "
                    + MuxLimits.MAX_PAYLOAD);
        }
        conn = ConnId.fromWire(id);
        remaining = length;
        if (length == 0) {
            state = State.HEADER;
        } else if (conn == null) {
            // Go drops frames for conns nobody opened; so do we, but say so.
            log.warn("unknown-conn", "dropping {}-byte frame for conn {}, which NRI does not use", length, id);
            state = State.SKIP;
        } else {
            state = State.PAYLOAD;
        }
    }

    private void consumed(int n) {
        remaining -= n;
        if (remaining == 0) {
            state = State.HEADER;
        }
    }

    private void fail(String message) {
        // Nothing after a bad header can be trusted: discard the rest until the trunk closes.
        state = State.FAILED;
        throw new MuxCodecException(message);
    }
}
