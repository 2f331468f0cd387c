package io.nri4j.stub;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.ttrpc.TtrpcServerEndpoint;
import io.nri4j.internal.ttrpc.proto.KeyValue;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A plugin's request dispatch without a socket: bytes of conn 1 go through the trunk pipeline
 * of an {@link EmbeddedChannel} to the ttrpc server and the plugin service, with handlers run
 * on the test thread. The stub is never connected; what the service tells it just updates it.
 */
final class DispatchHarness implements AutoCloseable {

    private static final int FRAME = 64 * 1024;

    final EmbeddedChannel channel = new EmbeddedChannel();
    final NriStub stub;
    final PluginService service;
    final TtrpcServerEndpoint server;
    /** What the pipeline said when the trunk went away: empty if it has not. */
    Optional<Throwable> closed = Optional.empty();
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private long nextStreamId = 1;

    DispatchHarness(NriPlugin.Builder plugin) {
        NriPlugin built = plugin.executor(Runnable::run).build();
        channel.freezeTime();
        stub = new NriStub(built);
        service = stub.newService(new HandlerInvoker(Runnable::run, null));
        server = new TtrpcServerEndpoint(channel, ConnId.PLUGIN_SERVICE, Runnable::run, List.of(service.service()),
                built.limits().maxRequestsInFlight());
        Map<ConnId, MuxEndpoint> endpoints = Map.of(ConnId.PLUGIN_SERVICE, server);
        MuxPipeline.install(channel, endpoints, cause -> closed = Optional.of(cause == null ? new Eof() : cause),
                built.limits().trunkSettings());
    }

    /** A plugin with a Synchronize handler and one lifecycle handler, neither doing anything. */
    static NriPlugin.Builder trivialPlugin() {
        return NriPlugin.builder().name("fuzz").index("10")
                .onSynchronize((request, context) -> List.of())
                .onStartContainer((request, context) -> { })
                .environment(Map.of());
    }

    /** Feeds raw bytes of conn 1's stream, in frames of up to 64 KiB, and runs whatever they started. */
    void feed(byte[] stream) {
        for (int i = 0; i < stream.length && channel.isOpen(); i += FRAME) {
            byte[] payload = Arrays.copyOfRange(stream, i, Math.min(stream.length, i + FRAME));
            channel.writeInbound(Unpooled.wrappedBuffer(frame(payload)));
            channel.runPendingTasks();
        }
        drain();
    }

    /** Sends one request on the next stream id; returns that id. */
    long call(String method, MessageLite message) {
        return call(method, message, Map.of());
    }

    /** Sends one request with ttrpc metadata (one value a key) on the next stream id; returns that id. */
    long call(String method, MessageLite message, Map<String, String> metadata) {
        long id = nextStreamId;
        nextStreamId += 2;
        Request.Builder request = Request.newBuilder().setService(PluginService.NAME).setMethod(method)
                .setPayload(message.toByteString());
        metadata.forEach((k, v) -> request.addMetadata(KeyValue.newBuilder().setKey(k).setValue(v)));
        byte[] data = request.build().toByteArray();
        feed(ByteBuffer.allocate(10 + data.length).putInt(data.length).putInt((int) id).put((byte) 1)
                .put((byte) 0).put(data).array());
        return id;
    }

    /** The response on {@code streamId}. */
    Response response(long streamId) throws InvalidProtocolBufferException {
        ByteBuffer in = ByteBuffer.wrap(replyStream());
        while (in.remaining() >= 10) {
            int length = in.getInt();
            long id = in.getInt() & 0xFFFF_FFFFL;
            in.getShort();
            byte[] data = new byte[length];
            in.get(data);
            if (id == streamId) {
                return Response.parseFrom(data);
            }
        }
        throw new AssertionError("no response on stream " + streamId);
    }

    /** The payloads of the frames written, joined: conn 1's reply stream. */
    byte[] replyStream() {
        ByteBuffer in = ByteBuffer.wrap(written.toByteArray());
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        while (in.remaining() >= 8) {
            in.getInt();
            byte[] payload = new byte[in.getInt()];
            in.get(payload);
            stream.writeBytes(payload);
        }
        return stream.toByteArray();
    }

    @Override
    public void close() {
        channel.finishAndReleaseAll();
        drain();
    }

    private void drain() {
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            written.writeBytes(ByteBufUtil.getBytes(out));
            out.release();
        }
    }

    private static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(8 + payload.length).putInt(ConnId.PLUGIN_SERVICE.wire())
                .putInt(payload.length).put(payload).array();
    }

    /** Stands for an orderly end in {@link #closed}. */
    static final class Eof extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
