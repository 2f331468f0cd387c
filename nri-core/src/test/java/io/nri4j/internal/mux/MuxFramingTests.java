package io.nri4j.internal.mux;

import static io.nri4j.internal.mux.MuxHarness.pattern;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MuxFramingTests {

    private final TrackingAllocator allocator = new TrackingAllocator();

    record Frame(int conn, int length, byte[] payload) {
    }

    @ParameterizedTest(name = "{0} bytes: {1} + {2}")
    @CsvSource({
        "1,       1,    0",
        "4095,    4095, 0",
        "4096,    4096, 0",
        "4097,    4096, 1",
        "8192,    4096, 4096",
        "1048576, 4096, 1044480",
        "4194314, 4096, 4190218",
    })
    void messageIsOneFrameUpTo4096BytesElseExactlyTwo(int size, int first, int second) {
        for (ConnId conn : ConnId.values()) {
            byte[] message = pattern(size, conn.wire());
            ByteBuf in = Unpooled.wrappedBuffer(message);

            ByteBuf frames = MuxFraming.frame(allocator, conn, in);
            List<Frame> parsed = parse(frames);
            frames.release();

            List<Integer> lengths = parsed.stream().map(Frame::length).toList();
            assertThat(lengths).as("frame lengths").isEqualTo(second == 0 ? List.of(first) : List.of(first, second));
            assertThat(parsed).allSatisfy(f -> assertThat(f.conn()).isEqualTo(conn.wire()));
            assertThat(parsed).allSatisfy(f -> assertThat(f.payload()).hasSize(f.length()).isNotEmpty());
            assertThat(payloads(parsed)).isEqualTo(message);
            assertThat(in.refCnt()).as("message released with its frames").isZero();
        }
        assertThat(allocator.allocated()).allSatisfy(b -> assertThat(b.refCnt()).isZero());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, MuxLimits.MAX_PAYLOAD + 1})
    void messageThatCannotBeFramedIsRefusedAndReleased(int size) {
        ByteBuf in = Unpooled.buffer(size).writeZero(size);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> MuxFraming.frame(allocator, ConnId.RUNTIME_SERVICE, in))
                .withMessageContaining(Integer.toString(size));
        assertThat(in.refCnt()).isZero();
        assertThat(allocator.allocated()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 5000})
    void onlyTheReadableBytesAreFramed(int size) {
        byte[] message = pattern(size, 0);
        ByteBuf in = Unpooled.wrappedBuffer(message);
        in.skipBytes(3);

        ByteBuf frames = MuxFraming.frame(allocator, ConnId.PLUGIN_SERVICE, in);
        List<Frame> parsed = parse(frames);
        frames.release();

        assertThat(payloads(parsed)).isEqualTo(Arrays.copyOfRange(message, 3, size));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4096, 4097, 10000})
    void messageWithRoomInFrontIsFramedAsWithout(int size) {
        byte[] message = pattern(size, 7);
        ByteBuf with = Unpooled.buffer(MuxLimits.HEADER_LENGTH + size).writeZero(MuxLimits.HEADER_LENGTH)
                .skipBytes(MuxLimits.HEADER_LENGTH).writeBytes(message);
        ByteBuf without = Unpooled.wrappedBuffer(message);

        ByteBuf framedWith = MuxFraming.frame(allocator, ConnId.PLUGIN_SERVICE, with, true);
        ByteBuf framedWithout = MuxFraming.frame(allocator, ConnId.PLUGIN_SERVICE, without);

        assertThat(ByteBufUtil.getBytes(framedWith)).isEqualTo(ByteBufUtil.getBytes(framedWithout));
        framedWith.release();
        framedWithout.release();
        assertThat(with.refCnt()).as("message released with its frames").isZero();
        assertThat(allocator.allocated()).allSatisfy(b -> assertThat(b.refCnt()).isZero());
        if (size <= MuxLimits.GO_READ_BUFFER) {
            assertThat(framedWith).as("one frame: framed in place").isSameAs(with);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3})
    void messageWithoutEnoughRoomInFrontIsFramedWithAHeaderOfItsOwn(int room) {
        byte[] before = pattern(room + 10, 1);
        ByteBuf in = Unpooled.wrappedBuffer(before.clone()).skipBytes(room);

        ByteBuf frames = MuxFraming.frame(allocator, ConnId.PLUGIN_SERVICE, in, true);
        List<Frame> parsed = parse(frames);
        frames.release();

        assertThat(payloads(parsed)).isEqualTo(Arrays.copyOfRange(before, room, room + 10));
    }

    /** Splits framed bytes at the headers, without help from the code under test. */
    private static List<Frame> parse(ByteBuf frames) {
        byte[] bytes = ByteBufUtil.getBytes(frames);
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        List<Frame> parsed = new ArrayList<>();
        while (in.isReadable()) {
            assertThat(in.readableBytes()).as("room for a header").isGreaterThanOrEqualTo(MuxLimits.HEADER_LENGTH);
            int conn = in.readInt();
            int length = in.readInt();
            assertThat(in.readableBytes()).as("room for a payload").isGreaterThanOrEqualTo(length);
            byte[] payload = new byte[length];
            in.readBytes(payload);
            parsed.add(new Frame(conn, length, payload));
        }
        return parsed;
    }

    /** The payloads of {@code frames} joined: the message they carry. */
    private static byte[] payloads(List<Frame> frames) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        frames.forEach(f -> joined.writeBytes(f.payload()));
        return joined.toByteArray();
    }
}
