package io.nri4j.stub;

import com.google.protobuf.MessageLite;
import java.util.concurrent.CompletionStage;

/**
 * What one method of the plugin service does with its parsed request: the answer, once the
 * handlers are done. Runs on a handler thread.
 */
interface MethodBody<Q> {

    CompletionStage<? extends MessageLite> apply(Q request, RequestContext context, HandlerInvoker.Call call)
            throws Exception;
}
