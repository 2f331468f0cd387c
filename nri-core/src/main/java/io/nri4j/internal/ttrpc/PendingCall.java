package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A client call from submission until its response, timeout or the connection's end. Created on
 * an application thread with the serialized envelope; everything else happens on the event
 * loop, except completion, which is handed to the executor so that callbacks never run there.
 */
final class PendingCall {

    final String fullMethod;
    final byte[] envelope;
    final long timeoutNanos;
    private final CompletableFuture<ByteString> result;
    private final Executor executor;
    ScheduledFuture<?> timer;

    PendingCall(String fullMethod, byte[] envelope, long timeoutNanos,
            CompletableFuture<ByteString> result, Executor executor) {
        this.fullMethod = fullMethod;
        this.envelope = envelope;
        this.timeoutNanos = timeoutNanos;
        this.result = result;
        this.executor = executor;
    }

    void succeed(ByteString payload) {
        complete(() -> result.complete(payload));
    }

    void fail(TtrpcStatus status) {
        complete(() -> result.completeExceptionally(new TtrpcException(status)));
    }

    private void complete(Runnable completion) {
        if (timer != null) {
            timer.cancel(false);
        }
        executor.execute(completion);
    }
}
