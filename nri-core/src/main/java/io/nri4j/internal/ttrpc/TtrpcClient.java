package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.nri4j.internal.ttrpc.proto.Request;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Application-thread entry point of a ttrpc client. Safe to call from any thread; each call
 * is serialized here and handed to the event loop as bytes. Futures complete on the executor.
 */
public final class TtrpcClient {

    private final TtrpcClientEndpoint endpoint;
    private final Executor executor;

    public TtrpcClient(TtrpcClientEndpoint endpoint, Executor executor) {
        this.endpoint = endpoint;
        this.executor = new OffLoopExecutor(executor);
    }

    /**
     * Calls {@code service/method}.
     *
     * @param timeout how long to wait, sent as {@code timeout_nano}; {@code null} for no limit
     */
    public CompletableFuture<ByteString> call(String service, String method, ByteString payload,
            Duration timeout) {
        Request.Builder request = Request.newBuilder()
                .setService(service)
                .setMethod(method)
                .setPayload(payload);
        long timeoutNanos = timeout == null ? 0 : Math.max(1, timeout.toNanos());
        if (timeoutNanos > 0) {
            request.setTimeoutNano(timeoutNanos);
        }
        byte[] envelope = request.build().toByteArray();
        CompletableFuture<ByteString> result = new CompletableFuture<>();
        try {
            TtrpcEncoder.checkSize(envelope.length);
        } catch (TtrpcException e) {
            result.completeExceptionally(e);
            return result;
        }
        PendingCall call = new PendingCall(service + "/" + method, envelope, timeoutNanos, result,
                executor);
        try {
            endpoint.eventLoop().execute(() -> endpoint.start(call));
        } catch (RejectedExecutionException e) {
            call.fail(TtrpcStatus.of(StatusCode.UNAVAILABLE, "connection closed"));
        }
        return result;
    }

    /** Calls with protobuf messages on both sides. */
    public <T extends MessageLite> CompletableFuture<T> call(String service, String method,
            MessageLite request, Parser<T> responseParser, Duration timeout) {
        return call(service, method, request.toByteString(), timeout).thenApply(bytes -> {
            try {
                return responseParser.parseFrom(bytes);
            } catch (InvalidProtocolBufferException e) {
                throw new CompletionException(new TtrpcException(TtrpcStatus.of(
                        StatusCode.INTERNAL, "unreadable " + method + " response: " + e.getMessage())));
            }
        });
    }
}
