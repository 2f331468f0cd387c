package io.nri4j.bench.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxFraming;
import io.nri4j.internal.ttrpc.MessageType;
import io.nri4j.internal.ttrpc.TtrpcDecoder;
import io.nri4j.internal.ttrpc.TtrpcEncoder;
import io.nri4j.internal.ttrpc.TtrpcMessage;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import io.nri4j.stub.Enforcement;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The codec hot path of one CreateContainer call, both ways: a frame decoded and parsed down to
 * the request, and an answer encoded into a frame. Run with {@code -prof gc} for B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {

    private static final ByteString MARKER = CreateContainerResponse.newBuilder().setAdjust(ContainerAdjustment
            .newBuilder().putAnnotations(Enforcement.markerKey("bench"), "0123456789ab")).build().toByteString();

    private ByteBuf frame;
    private static final byte[] RESPONSE_ENVELOPE = new byte[160];

    private TtrpcDecoder decoder;
    private CreateContainerRequest request;
    private TtrpcMessage decoded;

    @Setup
    public void setUp() {
        frame = Unpooled.wrappedBuffer(Frames.requestFrame());
        decoder = new TtrpcDecoder();
        request = Frames.createContainerRequest();
    }

    /** Frame bytes to a CreateContainerRequest: ttrpc header, envelope, then the message. */
    @Benchmark
    public CreateContainerRequest decodeRequest() throws Exception {
        frame.readerIndex(0);
        decoder.decode(frame, m -> decoded = (TtrpcMessage) m);
        Request envelope = Request.parseFrom(decoded.data());
        return CreateContainerRequest.parseFrom(envelope.getPayload());
    }

    /**
     * The same as the plugin's server endpoint reads it: the envelope parsed with aliasing, so
     * that its payload is a view of the message's bytes rather than a copy.
     */
    @Benchmark
    public CreateContainerRequest decodeRequestAliased() throws Exception {
        frame.readerIndex(0);
        decoder.decode(frame, m -> decoded = (TtrpcMessage) m);
        CodedInputStream input = decoded.data().newCodedInput();
        input.enableAliasing(true);
        Request envelope = Request.parser().parseFrom(input);
        input.checkLastTagWas(0);
        return CreateContainerRequest.parseFrom(envelope.getPayload());
    }

    /** An adjustment to a response frame: what the plugin writes back for each call. */
    @Benchmark
    public int encodeResponse() {
        return encode(adjustment());
    }

    /**
     * The same with enforcement's marker as the stub adds it ({@code PluginService}): a
     * serialized answer holding only the marker, appended to the answer's bytes. Its cost per
     * CreateContainer, against {@link #encodeResponse()} in the same run.
     */
    @Benchmark
    public int encodeMarkedResponse() {
        return encode(adjustment(), MARKER);
    }

    /**
     * An answer's envelope to the bytes the trunk writes, the mux frame's header joined to the
     * ttrpc message as a buffer of its own (as before the header went into the room the encoder
     * leaves in front of the message).
     */
    @Benchmark
    public int frameResponseJoined() {
        return frame(false);
    }

    /** The same, the mux frame's header written in front of the message in its own buffer. */
    @Benchmark
    public int frameResponseInPlace() {
        return frame(true);
    }

    private int frame(boolean inPlace) {
        ByteBuf out = MuxFraming.frame(PooledByteBufAllocator.DEFAULT, ConnId.PLUGIN_SERVICE,
                TtrpcEncoder.encode(PooledByteBufAllocator.DEFAULT, 1, MessageType.RESPONSE, 0, RESPONSE_ENVELOPE),
                inPlace);
        int n = out.readableBytes() + out.nioBufferCount();
        out.release();
        return n;
    }

    private ContainerAdjustment adjustment() {
        return Adjustment.create()
                .addAnnotation("bench.nri4j.io/greeting", "hello, " + request.getContainer().getName())
                .addEnv("BENCH", "1").build();
    }

    private static int encode(ContainerAdjustment adjustment) {
        return encode(adjustment, ByteString.EMPTY);
    }

    private static int encode(ContainerAdjustment adjustment, ByteString marker) {
        CreateContainerResponse response = CreateContainerResponse.newBuilder().setAdjust(adjustment).build();
        byte[] envelope = Response.newBuilder().setPayload(response.toByteString().concat(marker)).build()
                .toByteArray();
        ByteBuf out = TtrpcEncoder.encode(PooledByteBufAllocator.DEFAULT, 1, MessageType.RESPONSE, 0, envelope);
        int n = out.readableBytes();
        out.release();
        return n;
    }
}
