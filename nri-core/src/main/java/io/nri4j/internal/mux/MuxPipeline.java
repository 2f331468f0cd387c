package io.nri4j.internal.mux;

import io.netty.channel.Channel;
import io.netty.channel.WriteBufferWaterMark;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Sets up a trunk, before the channel is active: its writer, back-pressure on the write
 * watermarks, the stalled-frame timeout, the frame decoder and the demultiplexer.
 */
public final class MuxPipeline {

    /**
     * What bounds a trunk's buffers.
     *
     * @param writeBufferHigh bytes waiting to be written above which reading pauses; it resumes
     *     below half of it
     * @param stalledReadTimeout how long a frame or message may stay half-read without a byte
     *     arriving
     */
    public record Settings(int writeBufferHigh, Duration stalledReadTimeout) {

        /** 8 MiB, two maximal messages; 30 s, fifteen times the runtime's default request timeout. */
        public static final Settings DEFAULTS = new Settings(8 << 20, Duration.ofSeconds(30));

        public Settings {
            if (writeBufferHigh < 2) {
                throw new IllegalArgumentException("writeBufferHigh must be at least 2 bytes");
            }
            if (stalledReadTimeout.isNegative() || stalledReadTimeout.isZero()) {
                throw new IllegalArgumentException("stalledReadTimeout must be positive");
            }
        }
    }

    private MuxPipeline() {
    }

    /**
     * Installs the handlers; {@code onClose} is told, after the endpoints, that the trunk is
     * gone (see {@link MuxDemultiplexer}).
     */
    public static void install(Channel channel, Map<ConnId, MuxEndpoint> endpoints, Consumer<Throwable> onClose,
            Settings settings) {
        install(channel, endpoints, onClose, settings, null);
    }

    /**
     * As {@link #install(Channel, Map, Consumer, Settings)}, with {@code reader} (the server
     * endpoint's executor) taking the reading over from the event loop where it can, once the
     * channel is active.
     */
    public static void install(Channel channel, Map<ConnId, MuxEndpoint> endpoints, Consumer<Throwable> onClose,
            Settings settings, TrunkReader reader) {
        channel.config().setWriteBufferWaterMark(
                new WriteBufferWaterMark(settings.writeBufferHigh() / 2, settings.writeBufferHigh()));
        TrunkWriter.install(channel);
        MuxFrameDecoder decoder = new MuxFrameDecoder();
        MuxDemultiplexer demux = new MuxDemultiplexer(endpoints, onClose);
        if (reader != null) {
            channel.pipeline().addLast("handler-threads-read",
                    new HandlerThreadsRead(reader, demux, settings.stalledReadTimeout().toNanos()));
        }
        channel.pipeline()
                .addLast("backpressure", new BackPressure(reader))
                .addLast("stall", new StalledFrameTimeout(settings.stalledReadTimeout().toNanos(),
                        () -> decoder.isPartial() || demux.isPartial()))
                .addLast("mux", decoder)
                .addLast("demux", demux);
    }
}
