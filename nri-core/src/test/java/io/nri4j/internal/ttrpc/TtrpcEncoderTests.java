package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.nri4j.internal.mux.MuxLimits;
import io.nri4j.internal.ttrpc.proto.Response;
import io.nri4j.internal.ttrpc.proto.Status;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TtrpcEncoderTests {

    private static final List<ByteBufAllocator> ALLOCATORS = List.of(PooledByteBufAllocator.DEFAULT,
            new UnpooledByteBufAllocator(false));

    /** Sizes around each change of the payload length's varint width. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152})
    void aResponseIsTheEnvelopeTheBuilderGivesAfterTheFramesHeader(int size) {
        ByteString payload = ByteString.copyFrom(bytes(size, 7));
        byte[] expected = Response.newBuilder().setStatus(Status.getDefaultInstance()).setPayload(payload).build()
                .toByteArray();

        for (ByteBufAllocator alloc : ALLOCATORS) {
            ByteBuf frame = encode(alloc, 5, ResponsePayload.of(payload));
            try {
                assertThat(frame.readerIndex()).as("room for the mux header").isEqualTo(MuxLimits.HEADER_LENGTH);
                assertThat(frame.readInt()).isEqualTo(expected.length);
                assertThat(frame.readInt()).isEqualTo(5);
                assertThat(frame.readByte()).isEqualTo((byte) MessageType.RESPONSE.wire());
                assertThat(frame.readByte()).isZero();
                assertThat(rest(frame)).isEqualTo(expected);
            } finally {
                frame.release();
            }
        }
    }

    @Test
    void aMessageWithASuffixIsWrittenAsItsBytesThenTheSuffixes() throws Exception {
        Status message = Status.newBuilder().setCode(3).setMessage("adjusted").build();
        ByteString suffix = ByteString.copyFromUtf8("\u0012\u0003abc");
        byte[] expected = Response.newBuilder().setStatus(Status.getDefaultInstance())
                .setPayload(message.toByteString().concat(suffix)).build().toByteArray();

        ByteBuf frame = encode(PooledByteBufAllocator.DEFAULT, 1, ResponsePayload.of(message, suffix));
        try {
            frame.skipBytes(TtrpcLimits.HEADER_LENGTH);
            assertThat(rest(frame)).isEqualTo(expected);
        } finally {
            frame.release();
        }
    }

    @Test
    void aPayloadOverTheLimitIsResourceExhausted() {
        assertThatExceptionOfType(TtrpcException.class)
                .isThrownBy(() -> TtrpcEncoder.response(PooledByteBufAllocator.DEFAULT, 1,
                        ResponsePayload.of(ByteString.copyFrom(new byte[TtrpcLimits.MAX_DATA]))))
                .satisfies(e -> assertThat(e.status().code()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED));
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 12})
    void aPayloadThatWritesOtherThanItsSizeFailsAndReleasesTheBuffer(int written) {
        List<ByteBuf> allocated = new ArrayList<>();
        ByteBufAllocator recording = new AbstractByteBufAllocator(true) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                return record(Unpooled.buffer(initialCapacity, maxCapacity));
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                return record(Unpooled.directBuffer(initialCapacity, maxCapacity));
            }

            @Override
            public boolean isDirectBufferPooled() {
                return false;
            }

            private ByteBuf record(ByteBuf buf) {
                allocated.add(buf);
                return buf;
            }
        };
        ResponsePayload lying = new ResponsePayload() {
            @Override
            public int size() {
                return 10;
            }

            @Override
            public void writeTo(CodedOutputStream out) throws IOException {
                out.writeRawBytes(new byte[written]);
            }
        };

        assertThatIOException().isThrownBy(() -> TtrpcEncoder.response(recording, 1, lying));
        assertThat(allocated).singleElement().satisfies(buf -> assertThat(buf.refCnt()).isZero());
    }

    private static ByteBuf encode(ByteBufAllocator alloc, long stream, ResponsePayload payload) {
        try {
            return TtrpcEncoder.response(alloc, stream, payload);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    private static byte[] rest(ByteBuf buf) {
        byte[] b = new byte[buf.readableBytes()];
        buf.readBytes(b);
        return b;
    }
}
