package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import io.netty.buffer.Unpooled;
import io.nri4j.FuzzInputs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the ttrpc decoder. The first byte picks the read size (1 to 32 bytes), the rest is one
 * conn's stream. Whatever the bytes: the decoder throws nothing (it has no failure of its own:
 * oversized messages are reported, not thrown); it emits what a plain reading of the stream
 * gives, however the stream is cut; it never holds more than one maximal message. Each input
 * runs within {@link FuzzInputs#TIMEOUT}. Seeds:
 * {@code src/test/resources/io/nri4j/internal/ttrpc/TtrpcDecoderFuzzTestsInputs/decode}.
 */
class TtrpcDecoderFuzzTests {

    /** The first input would pay for loading (and, fuzzing, instrumenting) every class it needs. */
    @BeforeAll
    static void warmUp() throws Exception {
        FuzzInputs.warmUp(TtrpcDecoderFuzzTests.class, "decode", TtrpcDecoderFuzzTests::check);
    }

    @FuzzTest(maxDuration = "10s")
    void decode(byte[] input) throws Exception {
        FuzzInputs.withinTimeout(() -> check(input));
    }

    private static void check(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int chunk = 1 + (input[0] & 0x1f);
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        TtrpcDecoder decoder = new TtrpcDecoder();
        List<Object> decoded = new ArrayList<>();

        for (int i = 0; i < stream.length; i += chunk) {
            decoder.decode(Unpooled.wrappedBuffer(stream, i, Math.min(chunk, stream.length - i)), decoded::add);
            assertThat(decoder.heldBytes()).as("bytes the decoder holds").isLessThanOrEqualTo(TtrpcLimits.MAX_DATA);
        }

        assertThat(decoded).isEqualTo(model(stream));
        assertThat(decoded).allSatisfy(m -> {
            if (m instanceof TtrpcMessage message) {
                assertThat(message.data().size()).isLessThanOrEqualTo(TtrpcLimits.MAX_DATA);
            }
        });
    }

    /** The messages a plain reading of {@code stream} gives. */
    private static List<Object> model(byte[] stream) {
        List<Object> messages = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(stream);
        while (in.remaining() >= TtrpcLimits.HEADER_LENGTH) {
            long length = in.getInt() & 0xFFFF_FFFFL;
            long streamId = in.getInt() & 0xFFFF_FFFFL;
            int type = in.get() & 0xff;
            int flags = in.get() & 0xff;
            if (in.remaining() < length) {
                break;
            }
            byte[] data = new byte[(int) length];
            in.get(data);
            messages.add(length > TtrpcLimits.MAX_DATA ? new OversizedMessage(streamId, type, length)
                    : new TtrpcMessage(streamId, type, flags, ByteString.copyFrom(data)));
        }
        return messages;
    }
}
