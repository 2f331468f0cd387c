package io.nri4j.stub;

/**
 * Handles a lifecycle notification. The runtime still waits for it, and a thrown exception is
 * returned to the runtime operation as an error.
 *
 * @param <Q> the NRI request message
 */
@FunctionalInterface
public interface EventHandler<Q> {

    /**
     * Handles one notification; the runtime's operation continues once this returns.
     *
     * @param request the request as the runtime sent it
     * @param context the request's facts: method, event, runtime, time left, connection
     */
    void handle(Q request, RequestContext context) throws Exception;
}
