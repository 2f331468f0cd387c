package io.nri4j.samples.ulimit;

/** An annotation value that upstream's plugin could not decode either; the message says why. */
final class GoDecodeException extends RuntimeException {

    GoDecodeException(String message) {
        super(message);
    }
}
