package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link TtrpcServerEndpoint} serving {@value #SERVICE} on conn 1 of a {@link LocalTrunk},
 * with handlers on a pool of threads named {@code handler-...}. Its {@code Echo} method answers
 * with the request's payload and counts its invocations.
 */
final class ServerHarness implements AutoCloseable {

    static final String SERVICE = "test.Echo";

    final Map<String, MethodHandler> methods = new HashMap<>();
    final AtomicInteger echoes = new AtomicInteger();
    /** Set before {@link #serve()}. */
    int maxInFlight = TtrpcServerEndpoint.DEFAULT_MAX_IN_FLIGHT;
    private final ExecutorService executor;
    LocalTrunk<TtrpcServerEndpoint> trunk;

    ServerHarness(int threads) {
        executor = Executors.newFixedThreadPool(threads, new DefaultThreadFactory("handler", true));
        methods.put("Echo", (call, payload) -> {
            echoes.incrementAndGet();
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
    }

    ServerHarness() {
        this(4);
    }

    /** Opens the trunk; add to {@link #methods} before. */
    ServerHarness serve() {
        trunk = LocalTrunk.open(ConnId.PLUGIN_SERVICE, ch -> new TtrpcServerEndpoint(ch, ConnId.PLUGIN_SERVICE,
                executor, List.of(new TtrpcService(SERVICE, methods)), maxInFlight));
        return this;
    }

    void send(long streamId, Request request) {
        trunk.sendMessage(streamId, Wire.REQUEST, request.toByteArray());
    }

    void call(long streamId, String method, String payload) {
        send(streamId, request(method, payload));
    }

    static Request request(String method, String payload) {
        return Request.newBuilder().setService(SERVICE).setMethod(method)
                .setPayload(ByteString.copyFromUtf8(payload)).build();
    }

    /** The {@code nth} response on {@code streamId}, once it has arrived. */
    Response response(long streamId, int nth) throws InvalidProtocolBufferException {
        return trunk.awaitMessage(streamId, nth, Wire.RESPONSE, Response.parser());
    }

    Response response(long streamId) throws InvalidProtocolBufferException {
        return response(streamId, 1);
    }

    String payload(long streamId) throws InvalidProtocolBufferException {
        Response response = response(streamId);
        assertThat(response.getStatus().getCode()).as("status of stream %d", streamId).isZero();
        return response.getPayload().toStringUtf8();
    }

    static void assertStatus(Response response, StatusCode code, String message) {
        assertThat(response.getStatus().getCode()).as("status code").isEqualTo(code.wire());
        assertThat(response.getStatus().getMessage()).as("status message").isEqualTo(message);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            if (trunk != null) {
                trunk.close();
            }
        } finally {
            executor.shutdownNow();
            assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).as("handlers ended").isTrue();
        }
    }
}
