package io.nri4j.stub;

/** Told about every request the runtime made, after it was answered; off the I/O thread. */
@FunctionalInterface
public interface RequestObserver {

    /** Told about one answered request; exceptions are logged and otherwise ignored. */
    void completed(RequestOutcome outcome);
}
