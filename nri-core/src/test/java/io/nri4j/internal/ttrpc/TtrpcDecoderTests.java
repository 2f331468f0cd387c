package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.mux.MuxWire.concat;
import static io.nri4j.internal.ttrpc.Wire.REQUEST;
import static io.nri4j.internal.ttrpc.Wire.RESPONSE;
import static io.nri4j.internal.ttrpc.Wire.header;
import static io.nri4j.internal.ttrpc.Wire.message;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TtrpcDecoderTests {

    private static final int OVERSIZED = TtrpcLimits.MAX_DATA + 1;

    private final TtrpcDecoder decoder = new TtrpcDecoder();
    private final List<Object> out = new ArrayList<>();

    @Test
    void oneByteAtATimeGivesTheSameMessagesAsWhole() {
        byte[] stream = concat(message(1, REQUEST, 0, utf8("hello")), message(3, RESPONSE, 0, new byte[300]));

        List<Object> whole = decodeInReads(stream, stream.length);
        List<Object> byteWise = decodeInReads(stream, 1);

        assertThat(whole).containsExactly(
                new TtrpcMessage(1, REQUEST, 0, ByteString.copyFromUtf8("hello")),
                new TtrpcMessage(3, RESPONSE, 0, ByteString.copyFrom(new byte[300])));
        assertThat(byteWise).isEqualTo(whole);
    }

    @Test
    void severalMessagesInOneReadAreAllEmitted() {
        feed(concat(message(1, REQUEST, 0, utf8("a")), message(3, REQUEST, 0, utf8("bb")),
                message(5, REQUEST, 0, utf8("ccc"))));

        assertThat(out).extracting(m -> ((TtrpcMessage) m).streamId()).containsExactly(1L, 3L, 5L);
        assertThat(decoder.isPartial()).isFalse();
    }

    @Test
    void messagesSplitAtEveryPositionAreReassembled() {
        byte[] stream = concat(message(7, REQUEST, 0, utf8("first")), message(9, REQUEST, 0, utf8("second!")));
        List<Object> expected = decodeInReads(stream, stream.length);

        for (int split = 0; split <= stream.length; split++) {
            TtrpcDecoder fresh = new TtrpcDecoder();
            List<Object> got = new ArrayList<>();
            decode(fresh, Arrays.copyOfRange(stream, 0, split), got);
            decode(fresh, Arrays.copyOfRange(stream, split, stream.length), got);

            assertThat(got).as("split at %d", split).isEqualTo(expected);
        }
    }

    @Test
    void zeroLengthDataIsAWholeMessage() {
        feed(message(1, REQUEST, 0, new byte[0]));

        assertThat(out).containsExactly(new TtrpcMessage(1, REQUEST, 0, ByteString.EMPTY));
        assertThat(decoder.isPartial()).isFalse();
    }

    @Test
    void headerFieldsAreReadUnsigned() {
        feed(message(0xFFFF_FFFFL, 0xFF, 0x80, utf8("x")));

        assertThat(out).containsExactly(new TtrpcMessage(0xFFFF_FFFFL, 0xFF, 0x80, ByteString.copyFromUtf8("x")));
    }

    @Test
    void isPartialWhileAMessageIsIncomplete() {
        byte[] msg = message(1, REQUEST, 0, utf8("abc"));

        feed(Arrays.copyOf(msg, 4));
        assertThat(decoder.isPartial()).as("inside the header").isTrue();
        feed(Arrays.copyOfRange(msg, 4, TtrpcLimits.HEADER_LENGTH + 1));
        assertThat(decoder.isPartial()).as("inside the data").isTrue();
        feed(Arrays.copyOfRange(msg, TtrpcLimits.HEADER_LENGTH + 1, msg.length));
        assertThat(decoder.isPartial()).isFalse();
        assertThat(out).hasSize(1);
    }

    @Test
    void largestDataIsAccepted() {
        byte[] data = new byte[TtrpcLimits.MAX_DATA];
        data[data.length - 1] = 42;

        feedInReads(message(1, REQUEST, 0, data), 65536);

        assertThat(out).singleElement().isInstanceOf(TtrpcMessage.class)
                .extracting(m -> ((TtrpcMessage) m).data().size()).isEqualTo(TtrpcLimits.MAX_DATA);
    }

    @Test
    void oversizedDataIsSkippedAndReportedAfterItsLastByte() {
        byte[] oversized = message(5, REQUEST, 0, new byte[OVERSIZED]);

        feedInReads(Arrays.copyOf(oversized, oversized.length - 1), 65536);
        assertThat(out).isEmpty();
        assertThat(decoder.isPartial()).isTrue();

        feed(new byte[] {0});
        assertThat(out).containsExactly(new OversizedMessage(5, REQUEST, OVERSIZED));
        assertThat(decoder.isPartial()).isFalse();
    }

    @Test
    void theMessageAfterAnOversizedOneDecodes() {
        byte[] stream = concat(message(5, REQUEST, 0, new byte[OVERSIZED]), message(7, REQUEST, 0, utf8("next")));

        feedInReads(stream, 100_000);

        assertThat(out).containsExactly(new OversizedMessage(5, REQUEST, OVERSIZED),
                new TtrpcMessage(7, REQUEST, 0, ByteString.copyFromUtf8("next")));
    }

    @Test
    void hugeLengthIsSkippedWithoutAllocatingABody() {
        // A body buffer for 0xFFFFFFFF bytes cannot exist: allocating one would throw.
        feed(concat(header(0xFFFF_FFFFL, 1, REQUEST, 0), new byte[1 << 20]));

        assertThat(out).isEmpty();
        assertThat(decoder.isPartial()).isTrue();
    }

    @Test
    void inputIsConsumedButNotReleased() {
        ByteBuf in = Unpooled.wrappedBuffer(concat(message(1, REQUEST, 0, utf8("abc")), new byte[3]));

        decoder.decode(in, out::add);

        assertThat(in.isReadable()).isFalse();
        assertThat(in.refCnt()).isEqualTo(1);
        in.release();
    }

    private List<Object> decodeInReads(byte[] stream, int chunk) {
        TtrpcDecoder fresh = new TtrpcDecoder();
        List<Object> got = new ArrayList<>();
        for (int i = 0; i < stream.length; i += chunk) {
            decode(fresh, Arrays.copyOfRange(stream, i, Math.min(stream.length, i + chunk)), got);
        }
        return got;
    }

    private void feed(byte[] bytes) {
        decode(decoder, bytes, out);
    }

    private void feedInReads(byte[] bytes, int chunk) {
        for (int i = 0; i < bytes.length; i += chunk) {
            feed(Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + chunk)));
        }
    }

    private static void decode(TtrpcDecoder decoder, byte[] bytes, List<Object> out) {
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        try {
            decoder.decode(in, out::add);
            assertThat(in.isReadable()).as("every byte consumed").isFalse();
        } finally {
            in.release();
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
