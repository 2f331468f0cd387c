package io.nri4j.stub;

import com.google.protobuf.Message;

/** Told about every request the runtime made, after it was answered; off the I/O thread. */
@FunctionalInterface
public interface RequestObserver {

    /** Told about one answered request; exceptions are logged and otherwise ignored. */
    void completed(RequestOutcome outcome);

    /**
     * Told that a request was read, before its handler runs, on the thread that runs it; the
     * observer returned is told when that request is answered. The default returns this observer,
     * and so allocates nothing; an observer that times or traces each request (a span) returns one
     * for the request. Exceptions are logged, and this observer is told instead.
     *
     * @param request the request as read
     */
    default RequestObserver started(RequestContext context, Message request) {
        return this;
    }
}
