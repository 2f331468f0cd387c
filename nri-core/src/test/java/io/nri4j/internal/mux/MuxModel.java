package io.nri4j.internal.mux;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/** What a reader that follows the protocol to the letter makes of a trunk: the oracle of the garbage tests. */
final class MuxModel {

    final ByteArrayOutputStream conn1 = new ByteArrayOutputStream();
    final ByteArrayOutputStream conn2 = new ByteArrayOutputStream();
    boolean closed;

    static MuxModel of(byte[] trunk) {
        MuxModel m = new MuxModel();
        ByteBuffer in = ByteBuffer.wrap(trunk);
        while (in.remaining() >= MuxLimits.HEADER_LENGTH) {
            long conn = in.getInt() & 0xFFFF_FFFFL;
            long length = in.getInt() & 0xFFFF_FFFFL;
            if (conn == 0 || length > MuxLimits.MAX_PAYLOAD) {
                m.closed = true;
                return m;
            }
            int n = (int) Math.min(length, in.remaining());
            byte[] payload = new byte[n];
            in.get(payload);
            if (conn == 1) {
                m.conn1.writeBytes(payload);
            } else if (conn == 2) {
                m.conn2.writeBytes(payload);
            }
        }
        return m;
    }
}
