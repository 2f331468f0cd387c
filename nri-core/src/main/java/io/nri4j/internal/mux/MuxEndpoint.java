package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;

/**
 * The consumer of one conn's byte stream. Called by the thread reading the trunk, one at a time:
 * its event loop, or the handler thread leading the reading ({@link TrunkReader}); must not block.
 */
public interface MuxEndpoint {

    /** Bytes that arrived for this conn, in order. The endpoint releases them. */
    void onData(ByteBuf bytes);

    /** The trunk is gone; {@code cause} is {@code null} for an orderly close or EOF. */
    void onClose(Throwable cause);

    /** Whether a message has been started and not completed; the stalled-read check asks. */
    default boolean isPartial() {
        return false;
    }
}
