package io.nri4j.test.runtime;

/**
 * The runtime could not do what a test asked: it did not start, did not answer in time, refused
 * a command or exited. The message ends with the last lines the runtime logged. A runtime
 * operation that fails the way it would fail in containerd is a {@link RuntimeOperationException}
 * instead.
 */
public class UpstreamRuntimeException extends RuntimeException {

    private final String runtimeLog;

    UpstreamRuntimeException(String message, String runtimeLog, Throwable cause) {
        super(runtimeLog.isEmpty() ? message : message + "\n--- runtime log (last lines) ---\n" + runtimeLog, cause);
        this.runtimeLog = runtimeLog;
    }

    /** The last lines the runtime logged before this failure. */
    public String runtimeLog() {
        return runtimeLog;
    }
}
