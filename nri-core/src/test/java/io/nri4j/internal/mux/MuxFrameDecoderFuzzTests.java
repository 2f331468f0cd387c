package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.nri4j.FuzzInputs;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the trunk's receiving pipeline against {@link MuxModel}. The first byte picks the read
 * size (1 to 16 bytes), the rest is the trunk. Whatever the bytes: the only failure is a
 * {@link MuxCodecException}, which closes the trunk; each conn gets exactly the payload bytes
 * the model says; the decoder never holds more than a header's worth; every buffer is released.
 * Each input runs within {@link FuzzInputs#TIMEOUT}. Seeds:
 * {@code src/test/resources/io/nri4j/internal/mux/MuxFrameDecoderFuzzTestsInputs/decode}.
 */
class MuxFrameDecoderFuzzTests {

    /** The first input would pay for loading (and, fuzzing, instrumenting) every class it needs. */
    @BeforeAll
    static void warmUp() throws Exception {
        FuzzInputs.warmUp(MuxFrameDecoderFuzzTests.class, "decode", MuxFrameDecoderFuzzTests::check);
    }

    @FuzzTest(maxDuration = "10s")
    void decode(byte[] input) throws Exception {
        FuzzInputs.withinTimeout(() -> check(input));
    }

    private static void check(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int chunk = 1 + (input[0] & 0x0f);
        byte[] trunk = Arrays.copyOfRange(input, 1, input.length);
        MuxModel expected = MuxModel.of(trunk);
        MuxHarness mux = new MuxHarness();
        MuxFrameDecoder decoder = mux.channel.pipeline().get(MuxFrameDecoder.class);

        for (int i = 0; i < trunk.length && mux.isOpen(); i += chunk) {
            mux.feed(Arrays.copyOfRange(trunk, i, Math.min(trunk.length, i + chunk)));
            assertThat(decoder.heldBytes()).as("bytes the decoder holds").isLessThan(MuxLimits.HEADER_LENGTH);
        }

        assertThat(mux.trunkClosed).allSatisfy(cause -> cause.ifPresent(t -> assertThat(t)
                .isInstanceOf(MuxCodecException.class)));
        assertThat(mux.isOpen()).isEqualTo(!expected.closed);
        assertThat(mux.plugin.received()).isEqualTo(expected.conn1.toByteArray());
        assertThat(mux.runtime.received()).isEqualTo(expected.conn2.toByteArray());
        mux.assertEverythingReleased();
    }
}
