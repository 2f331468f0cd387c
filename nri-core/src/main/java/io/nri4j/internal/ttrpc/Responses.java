package io.nri4j.internal.ttrpc;

import io.nri4j.internal.ttrpc.proto.Response;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Builds failed calls' {@code Response} envelopes and maps failures to statuses. */
final class Responses {

    private Responses() {
    }

    static byte[] failure(TtrpcStatus status) {
        return Response.newBuilder().setStatus(status.toProto()).build().toByteArray();
    }

    /** The status a failed call answers with. */
    static TtrpcStatus statusOf(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof TtrpcException e) {
            return e.status();
        }
        if (t instanceof CancellationException || t instanceof InterruptedException) {
            return TtrpcStatus.of(StatusCode.CANCELLED, "call cancelled");
        }
        String message = t.getMessage() != null ? t.getMessage() : t.getClass().getName();
        return TtrpcStatus.of(StatusCode.UNKNOWN, message);
    }
}
