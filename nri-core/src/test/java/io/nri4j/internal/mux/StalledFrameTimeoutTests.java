package io.nri4j.internal.mux;

import static io.nri4j.internal.mux.MuxHarness.pattern;
import static io.nri4j.internal.mux.MuxWire.frame;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A frame started and never finished ends the trunk; silence between frames never does. */
class StalledFrameTimeoutTests {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration ALMOST = TIMEOUT.minusMillis(1);

    private final MuxHarness mux = new MuxHarness(new MuxPipeline.Settings(1 << 20, TIMEOUT));

    @Test
    void aHalfReadHeaderClosesTheTrunkOnceTheTimeoutPasses() {
        mux.feed(Arrays.copyOf(frame(1, pattern(10, 0)), 5), 1);

        mux.advance(ALMOST);
        assertThat(mux.isOpen()).isTrue();
        mux.advance(Duration.ofMillis(1));

        assertThat(mux.isOpen()).isFalse();
        assertThat(mux.trunkClosed).singleElement().satisfies(cause -> assertThat(cause).get()
                .isInstanceOf(MuxCodecException.class)
                .extracting(Throwable::getMessage).isEqualTo("part of a frame, then nothing for 30000 ms"));
        mux.assertEverythingReleased();
    }

    @Test
    void aHalfReadPayloadClosesTheTrunkOnceTheTimeoutPasses() {
        mux.feed(Arrays.copyOf(frame(2, pattern(4096, 0)), MuxLimits.HEADER_LENGTH + 100), 1);

        mux.advance(TIMEOUT);

        assertThat(mux.isOpen()).isFalse();
        mux.assertEverythingReleased();
    }

    @Test
    void anIdleConnectionBetweenFramesStaysOpenForHours() {
        mux.feed(frame(1, pattern(10, 0)), 1);

        for (int hour = 0; hour < 48; hour++) {
            mux.advance(Duration.ofHours(1));
        }

        assertThat(mux.isOpen()).isTrue();
        assertThat(mux.plugin.received()).hasSize(10);
        mux.assertEverythingReleased();
    }

    @Test
    void aSlowButSteadyFrameIsNotCutOff() {
        byte[] trunk = frame(1, pattern(20, 0));

        for (byte b : trunk) {
            mux.feed(new byte[] {b});
            mux.advance(ALMOST);
        }

        assertThat(mux.isOpen()).isTrue();
        assertThat(mux.plugin.received()).isEqualTo(pattern(20, 0));
        mux.assertEverythingReleased();
    }

    @Test
    void aMessageHalfReadByAnEndpointCountsAsStarted() {
        mux.plugin.partial = true;
        mux.feed(frame(1, pattern(4096, 0)));

        mux.advance(TIMEOUT);

        assertThat(mux.isOpen()).isFalse();
        mux.assertEverythingReleased();
    }

    @Test
    void theClockStopsWhileThePluginItselfIsNotReading() {
        mux.feed(Arrays.copyOf(frame(1, pattern(10, 0)), 3));
        mux.channel.config().setAutoRead(false);

        mux.advance(TIMEOUT.multipliedBy(10));
        assertThat(mux.isOpen()).isTrue();
        mux.channel.config().setAutoRead(true);
        mux.advance(TIMEOUT);

        assertThat(mux.isOpen()).isFalse();
        mux.assertEverythingReleased();
    }
}
