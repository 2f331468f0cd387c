package io.nri4j.stub;

/**
 * Handles a runtime request that carries a result back. A thrown exception fails the request:
 * the runtime operation gets an error and the plugin stays connected. Returning {@code null}
 * means "no changes".
 *
 * @param <Q> the NRI request message
 * @param <R> the result
 */
@FunctionalInterface
public interface RequestHandler<Q, R> {

    /**
     * Handles one request.
     *
     * @param request the request as the runtime sent it
     * @param context the request's facts: method, event, runtime, time left, connection
     * @return the result, or {@code null} for no changes
     */
    R handle(Q request, RequestContext context) throws Exception;
}
