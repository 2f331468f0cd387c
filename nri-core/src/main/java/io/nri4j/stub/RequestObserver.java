package io.nri4j.stub;

/** Told about every request the runtime made, after it was answered; off the I/O thread. */
@FunctionalInterface
public interface RequestObserver {

    void completed(RequestOutcome outcome);
}
