package io.nri4j.stub;

/**
 * Handles a lifecycle notification. The runtime still waits for it, and a thrown exception is
 * returned to the runtime operation as an error.
 *
 * @param <Q> the NRI request message
 */
@FunctionalInterface
public interface EventHandler<Q> {

    void handle(Q request, RequestContext context) throws Exception;
}
