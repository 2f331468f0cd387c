package io.nri4j.internal.transport;

/** The trunk could not be opened. */
public final class TrunkException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TrunkException(String message, Throwable cause) {
        super(message, cause);
    }
}
