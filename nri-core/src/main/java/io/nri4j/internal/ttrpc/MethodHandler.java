package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import java.util.concurrent.CompletionStage;

/**
 * Serves one method: serialized request in, serialized response out. Invoked on the server's
 * executor, never on the event loop. A thrown {@link TtrpcException} or a stage completed with
 * one answers with its status; any other failure answers {@link StatusCode#UNKNOWN} with the
 * exception's message. When the caller's deadline passes the handler's thread is interrupted
 * and the call answered with {@link StatusCode#DEADLINE_EXCEEDED}.
 */
@FunctionalInterface
public interface MethodHandler {

    CompletionStage<ResponsePayload> invoke(ServerCall call, ByteString payload) throws Exception;
}
