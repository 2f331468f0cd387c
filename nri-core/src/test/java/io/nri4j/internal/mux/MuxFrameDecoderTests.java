package io.nri4j.internal.mux;

import static io.nri4j.internal.mux.MuxHarness.pattern;
import static io.nri4j.internal.mux.MuxWire.concat;
import static io.nri4j.internal.mux.MuxWire.frame;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.nri4j.internal.log.RateLimitedLog;
import io.nri4j.internal.log.RecordingLogger;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MuxFrameDecoderTests {

    private static final byte[] NOTHING = new byte[0];

    private final MuxHarness mux = new MuxHarness();

    @Test
    void payloadsAreTheSameWhetherReadWholeOrOneByteAtATime() {
        byte[] a = pattern(5, 1);
        byte[] b = pattern(300, 2);
        byte[] c = pattern(4096, 3);
        byte[] d = pattern(1, 4);
        byte[] trunk = concat(frame(1, a), frame(2, b), frame(1, NOTHING), frame(7, pattern(9, 5)),
                frame(1, c), frame(2, d));

        for (int chunk : new int[] {trunk.length, 1, 3, 4095}) {
            MuxHarness h = new MuxHarness().feed(trunk, chunk);

            assertThat(h.plugin.received()).as("conn 1, reads of %d", chunk).isEqualTo(concat(a, c));
            assertThat(h.runtime.received()).as("conn 2, reads of %d", chunk).isEqualTo(concat(b, d));
            assertThat(h.isOpen()).isTrue();
            h.assertEverythingReleased();
        }
    }

    @Test
    void truncatedHeaderEmitsNothingAndCloseStillReachesEndpoints() {
        mux.feed(Arrays.copyOf(frame(1, pattern(10, 0)), 5), 1);

        assertThat(mux.plugin.deliveries()).isEmpty();
        assertThat(mux.isOpen()).isTrue();

        mux.close();

        assertThat(mux.plugin.closes()).containsExactly(Optional.empty());
        assertThat(mux.runtime.closes()).containsExactly(Optional.empty());
        assertThat(mux.trunkClosed).containsExactly(Optional.empty());
        mux.assertEverythingReleased();
    }

    @Test
    void truncatedPayloadDeliversWhatArrivedAndNothingMore() {
        byte[] payload = pattern(10, 7);
        mux.feed(Arrays.copyOf(frame(1, payload), MuxLimits.HEADER_LENGTH + 4));

        assertThat(mux.plugin.received()).isEqualTo(Arrays.copyOf(payload, 4));

        mux.close();

        assertThat(mux.plugin.received()).hasSize(4);
        assertThat(mux.plugin.closes()).containsExactly(Optional.empty());
        mux.assertEverythingReleased();
    }

    @Test
    void oversizedLengthClosesTheTrunkOnTheHeaderAlone() {
        mux.feed(frame(1, MuxLimits.MAX_PAYLOAD + 1L, NOTHING));

        assertThat(mux.isOpen()).isFalse();
        assertThat(mux.trunkClosed).singleElement()
                .satisfies(cause -> assertThat(cause).get().isInstanceOf(MuxCodecException.class)
                        .extracting(Throwable::getMessage).asString().contains("4194315"));
        assertThat(mux.plugin.closes()).singleElement()
                .satisfies(cause -> assertThat(cause).get().isInstanceOf(MuxCodecException.class));
        assertThat(mux.allocator.largestRequest()).isLessThan(1024);
        mux.assertEverythingReleased();
    }

    @Test
    void lengthIsReadUnsigned() {
        mux.feed(frame(1, 0xFFFF_FFFFL, NOTHING));

        assertThat(mux.isOpen()).isFalse();
        assertThat(mux.trunkClosed).singleElement()
                .satisfies(cause -> assertThat(cause).get().extracting(Throwable::getMessage).asString()
                        .contains("4294967295"));
        mux.assertEverythingReleased();
    }

    @Test
    void largestPayloadTheGoWriterSendsIsAccepted() {
        byte[] payload = pattern(MuxLimits.MAX_PAYLOAD, 11);

        mux.feed(frame(2, payload), 65536);

        assertThat(mux.isOpen()).isTrue();
        assertThat(mux.runtime.received()).isEqualTo(payload);
        mux.assertEverythingReleased();
    }

    @Test
    void reservedConnIdZeroClosesTheTrunkEvenForAnEmptyFrame() {
        for (int length : new int[] {0, 5}) {
            MuxHarness h = new MuxHarness();

            h.feed(concat(frame(0, pattern(length, 0)), frame(1, pattern(3, 0))));

            assertThat(h.isOpen()).as("length %d", length).isFalse();
            assertThat(h.plugin.deliveries()).as("bytes after the bad header").isEmpty();
            assertThat(h.trunkClosed).singleElement()
                    .satisfies(cause -> assertThat(cause).get().isInstanceOf(MuxCodecException.class));
            h.assertEverythingReleased();
        }
    }

    @Test
    void unknownConnIdIsDroppedAndLaterFramesStillArrive() {
        byte[] after = pattern(20, 9);

        mux.feed(concat(frame(7, pattern(100, 0)), frame(0xFFFF_FFFFL, pattern(3, 0)), frame(1, after)), 1);

        assertThat(mux.isOpen()).isTrue();
        assertThat(mux.plugin.received()).isEqualTo(after);
        assertThat(mux.runtime.deliveries()).isEmpty();
        mux.assertEverythingReleased();
    }

    @Test
    void zeroLengthFramesAreAcceptedAndDeliverNothing() {
        byte[] payload = pattern(6, 3);

        mux.feed(concat(frame(1, NOTHING), frame(2, NOTHING), frame(7, NOTHING), frame(1, payload),
                frame(1, NOTHING)));

        assertThat(mux.isOpen()).isTrue();
        assertThat(mux.plugin.received()).isEqualTo(payload);
        assertThat(mux.plugin.deliveries()).hasSize(1);
        assertThat(mux.runtime.deliveries()).isEmpty();
        mux.assertEverythingReleased();
    }

    @Test
    void payloadIsPassedOnAsItArrivesWithoutWaitingForTheWholeFrame() {
        byte[] payload = pattern(1000, 5);
        byte[] whole = frame(1, payload);

        mux.feed(Arrays.copyOf(whole, MuxLimits.HEADER_LENGTH + 100));

        assertThat(mux.plugin.received()).isEqualTo(Arrays.copyOf(payload, 100));
        mux.feed(Arrays.copyOfRange(whole, MuxLimits.HEADER_LENGTH + 100, whole.length));
        assertThat(mux.plugin.received()).isEqualTo(payload);
        mux.assertEverythingReleased();
    }

    @Test
    void framesForUnknownConnsAreLoggedOncePerWindowWithACountOfTheRest() {
        RecordingLogger logger = new RecordingLogger();
        AtomicLong now = new AtomicLong();
        EmbeddedChannel channel = new EmbeddedChannel(new MuxFrameDecoder(new RateLimitedLog(logger, now::get)));
        byte[] frames = MuxWire.repeat(frame(9, pattern(1, 0)), 10_000);

        for (byte b : frames) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        now.addAndGet(TimeUnit.SECONDS.toNanos(10));
        channel.writeInbound(Unpooled.wrappedBuffer(frame(9, pattern(1, 0))));

        assertThat(logger.lines).containsExactly(
                "WARN dropping 1-byte frame for conn 9, which NRI does not use",
                "WARN dropping 1-byte frame for conn 9, which NRI does not use"
                        + " (9999 similar lines suppressed in the last 10 s)");
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
