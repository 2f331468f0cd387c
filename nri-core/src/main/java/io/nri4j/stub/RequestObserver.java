package io.nri4j.stub;

import com.google.protobuf.Message;

/** Told about every request the runtime made, after it was answered; off the I/O thread. */
@FunctionalInterface
public interface RequestObserver {

    /** Told about one answered request; exceptions are logged and otherwise ignored. */
    void completed(RequestOutcome outcome);

    /**
     * Told that a request was read, before its handler runs; the observer returned is told when
     * that request is answered. The default returns this observer, and so allocates nothing; an
     * observer that times or traces each request (a span) returns one for the request. Exceptions
     * are logged, and this observer is told instead.
     *
     * @param request the request as read
     */
    default RequestObserver started(RequestContext context, Message request) {
        return this;
    }

    /**
     * Opens this request's scope on the thread about to run its handler, e.g. to make the
     * request's span the current one for the handler's logs and calls; the scope is closed on that
     * thread when the handler returns. Asked of the observer {@link #started} returned. The
     * default opens none.
     */
    default Scope open() {
        return Scope.NONE;
    }

    /** What {@link #open} opened; closed on the thread that opened it. */
    @FunctionalInterface
    interface Scope {

        /** No scope. */
        Scope NONE = () -> { };

        /** Closes the scope; exceptions are logged and otherwise ignored. */
        void close();
    }
}
