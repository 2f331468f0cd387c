package io.nri4j.stub;

/** Where a connection is in its life; it only moves forward. */
public enum StubState {
    CONNECTING,
    REGISTERING,
    REGISTERED,
    CONFIGURED,
    /** Synchronized: the runtime now sends events. */
    READY,
    CLOSED
}
