package io.nri4j.stub;

/** Where a connection is in its life; it only moves forward. */
public enum StubState {
    /** Opening the socket. */
    CONNECTING,
    /** Connected; RegisterPlugin sent, not yet accepted. */
    REGISTERING,
    /** The runtime accepted the plugin; Configure has not been answered yet. */
    REGISTERED,
    /** Configure answered; Synchronize has not been answered yet. */
    CONFIGURED,
    /** Synchronized: the runtime now sends events. */
    READY,
    /** The connection is gone; the stub is not reused. */
    CLOSED
}
