package io.nri4j.test.runtime;

/**
 * A runtime operation (CreateContainer, a lifecycle event, Shutdown, ...) failed, as it would
 * fail in containerd: the message holds the runtime's own error text, which carries a plugin's
 * error. It is an outcome tests assert on, so the runtime's log stays out of the message.
 */
public final class RuntimeOperationException extends RuntimeException {

    private final String operation;
    private final String error;
    private final String runtimeLog;

    RuntimeOperationException(String operation, String error, String runtimeLog) {
        super(operation + " failed: " + error);
        this.operation = operation;
        this.error = error;
        this.runtimeLog = runtimeLog;
    }

    /** The command that failed, e.g. {@code createContainer}. */
    public String operation() {
        return operation;
    }

    /** The runtime's error text. */
    public String error() {
        return error;
    }

    /** The last lines the runtime logged when the operation failed. */
    public String runtimeLog() {
        return runtimeLog;
    }
}
