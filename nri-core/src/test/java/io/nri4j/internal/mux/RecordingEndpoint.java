package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A {@link MuxEndpoint} that keeps a copy of what it was given and releases it, as endpoints must. */
final class RecordingEndpoint implements MuxEndpoint {

    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final List<ByteBuf> deliveries = new ArrayList<>();
    private final List<Optional<Throwable>> closes = new ArrayList<>();
    /** What {@link #isPartial()} answers: a test's stand-in for a half-read ttrpc message. */
    boolean partial;

    @Override
    public void onData(ByteBuf bytes) {
        deliveries.add(bytes);
        received.writeBytes(ByteBufUtil.getBytes(bytes));
        bytes.release();
    }

    @Override
    public void onClose(Throwable cause) {
        closes.add(Optional.ofNullable(cause));
    }

    @Override
    public boolean isPartial() {
        return partial;
    }

    /** Every payload byte delivered so far, in order. */
    byte[] received() {
        return received.toByteArray();
    }

    /** The buffers handed over, each already released by this endpoint. */
    List<ByteBuf> deliveries() {
        return deliveries;
    }

    /** One entry per {@link #onClose} call: its cause, empty for an orderly close. */
    List<Optional<Throwable>> closes() {
        return closes;
    }
}
