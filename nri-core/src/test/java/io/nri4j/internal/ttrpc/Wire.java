package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.mux.MuxWire.concat;

import io.nri4j.internal.mux.MuxLimits;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The trunk's byte layout written out by hand, so that tests build and read frames and ttrpc
 * messages without the code under test.
 */
final class Wire {

    /** Message types, as ttrpc numbers them. */
    static final int REQUEST = 1;
    static final int RESPONSE = 2;
    static final int DATA = 3;

    /** One mux frame as read. */
    record Frame(long conn, byte[] payload) {
    }

    /** One ttrpc message as read. */
    record Message(long streamId, int type, int flags, byte[] data) {
    }

    private Wire() {
    }

    static byte[] header(long length, long streamId, int type, int flags) {
        return ByteBuffer.allocate(TtrpcLimits.HEADER_LENGTH)
                .putInt((int) length).putInt((int) streamId).put((byte) type).put((byte) flags).array();
    }

    static byte[] message(long streamId, int type, int flags, byte[] data) {
        return concat(header(data.length, streamId, type, flags), data);
    }

    /** The complete frames at the start of {@code trunk}. */
    static List<Frame> frames(byte[] trunk) {
        ByteBuffer in = ByteBuffer.wrap(trunk);
        List<Frame> frames = new ArrayList<>();
        while (in.remaining() >= MuxLimits.HEADER_LENGTH) {
            long conn = in.getInt() & 0xFFFF_FFFFL;
            int length = in.getInt();
            if (in.remaining() < length) {
                break;
            }
            byte[] payload = new byte[length];
            in.get(payload);
            frames.add(new Frame(conn, payload));
        }
        return frames;
    }

    /** The complete ttrpc messages in the payloads of {@code frames}. */
    static List<Message> messages(List<Frame> frames) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        frames.forEach(f -> stream.writeBytes(f.payload()));
        ByteBuffer in = ByteBuffer.wrap(stream.toByteArray());
        List<Message> messages = new ArrayList<>();
        while (in.remaining() >= TtrpcLimits.HEADER_LENGTH) {
            int length = in.getInt();
            long streamId = in.getInt() & 0xFFFF_FFFFL;
            int type = in.get() & 0xFF;
            int flags = in.get() & 0xFF;
            if (in.remaining() < length) {
                break;
            }
            byte[] data = new byte[length];
            in.get(data);
            messages.add(new Message(streamId, type, flags, data));
        }
        return messages;
    }
}
