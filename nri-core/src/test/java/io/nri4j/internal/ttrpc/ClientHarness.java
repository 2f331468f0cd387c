package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import io.nri4j.internal.ttrpc.proto.Status;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TtrpcClient} on conn 2 of a {@link LocalTrunk}, completing futures on threads named
 * {@code client-...}; the test plays the runtime's server by hand.
 */
final class ClientHarness implements AutoCloseable {

    static final String SERVICE = "nri.pkg.api.v1alpha1.Runtime";

    private final ExecutorService executor = Executors.newFixedThreadPool(2, new DefaultThreadFactory("client", true));
    final LocalTrunk<TtrpcClientEndpoint> trunk = LocalTrunk.open(ConnId.RUNTIME_SERVICE,
            ch -> new TtrpcClientEndpoint(ch, ConnId.RUNTIME_SERVICE));
    final TtrpcClient client = new TtrpcClient(trunk.endpoint, executor);

    /** Calls {@code method} with no payload and no deadline. */
    CompletableFuture<ByteString> call(String method) {
        return client.call(SERVICE, method, ByteString.EMPTY, null);
    }

    /** The request on {@code streamId}, once it is on the wire. */
    Request request(long streamId) throws InvalidProtocolBufferException {
        return trunk.awaitMessage(streamId, 1, Wire.REQUEST, Request.parser());
    }

    void respond(long streamId, Response response) {
        trunk.sendMessage(streamId, Wire.RESPONSE, response.toByteArray());
    }

    static Response ok(String payload) {
        return Response.newBuilder().setStatus(Status.getDefaultInstance()).setPayload(utf8(payload)).build();
    }

    static ByteString utf8(String s) {
        return ByteString.copyFromUtf8(s);
    }

    /** The {@link TtrpcException} {@code call} failed with, once it has. */
    static TtrpcException failure(CompletableFuture<?> call) {
        assertThat(call).failsWithin(LocalTrunk.WAIT);
        Throwable thrown = catchThrowable(call::join);
        assertThat(thrown).isInstanceOf(CompletionException.class).cause().isInstanceOf(TtrpcException.class);
        return (TtrpcException) thrown.getCause();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            trunk.close();
        } finally {
            executor.shutdownNow();
            assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
