package io.nri4j.internal.ttrpc;

/**
 * A call that ended with a non-OK status: the status the peer answered with, or the one a local
 * failure (timeout, closed connection, oversized message) is reported as.
 */
public class TtrpcException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final TtrpcStatus status;

    public TtrpcException(TtrpcStatus status) {
        super(status.toString());
        this.status = status;
    }

    public TtrpcException(TtrpcStatus status, Throwable cause) {
        super(status.toString(), cause);
        this.status = status;
    }

    public TtrpcStatus status() {
        return status;
    }

    public StatusCode code() {
        return status.code();
    }
}
