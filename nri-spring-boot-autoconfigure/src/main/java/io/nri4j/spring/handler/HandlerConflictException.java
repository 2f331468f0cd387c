package io.nri4j.spring.handler;

/**
 * Two handler methods of this plugin set the same field in one answer. The runtime would
 * reject the answer as a conflict of the plugin with itself; the request fails with this
 * message instead, which names both methods.
 */
public class HandlerConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public HandlerConflictException(String message) {
        super(message);
    }
}
