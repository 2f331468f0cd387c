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

    R handle(Q request, RequestContext context) throws Exception;
}
