package io.nri4j.internal.mux;

import java.nio.ByteBuffer;

/**
 * Mux frames written out by hand, so that tests build a trunk's bytes without the code under
 * test. Public for the ttrpc tests, which put their messages in frames too.
 */
public final class MuxWire {

    private MuxWire() {
    }

    /** A frame header with the given (unsigned) fields, followed by {@code payload}. */
    public static byte[] frame(long conn, long length, byte[] payload) {
        return ByteBuffer.allocate(MuxLimits.HEADER_LENGTH + payload.length)
                .putInt((int) conn)
                .putInt((int) length)
                .put(payload)
                .array();
    }

    /** A well-formed frame. */
    public static byte[] frame(long conn, byte[] payload) {
        return frame(conn, payload.length, payload);
    }

    public static byte[] concat(byte[]... parts) {
        int total = 0;
        for (byte[] part : parts) {
            total += part.length;
        }
        ByteBuffer all = ByteBuffer.allocate(total);
        for (byte[] part : parts) {
            all.put(part);
        }
        return all.array();
    }

    /** {@code part}, {@code times} times over. */
    public static byte[] repeat(byte[] part, int times) {
        ByteBuffer all = ByteBuffer.allocate(part.length * times);
        for (int i = 0; i < times; i++) {
            all.put(part);
        }
        return all.array();
    }
}
