package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.internal.ttrpc.ResponsePayload;

/**
 * Graceful stop: once draining, lifecycle requests get the answer an absent plugin gives (no
 * changes, validation passed) without running handlers. The stub closes the connection once the
 * requests already running have been answered.
 */
final class Drain {

    /**
     * The answer of an absent plugin, whatever the request: each response type's default
     * instance (StateChange's is Empty), and a message with no field set encodes to no bytes.
     */
    static final ResponsePayload ABSENT = ResponsePayload.EMPTY;

    private volatile boolean draining;

    /** Whether a request for this event is answered without its handler. */
    boolean refuses(Event event) {
        return draining && event != Event.UNKNOWN;
    }

    /** From now on, lifecycle requests get the answer of an absent plugin. */
    void start() {
        draining = true;
    }
}
