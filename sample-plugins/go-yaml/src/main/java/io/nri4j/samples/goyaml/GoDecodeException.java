package io.nri4j.samples.goyaml;

/** An annotation value that upstream's plugin could not decode either; the message says why. */
public final class GoDecodeException extends RuntimeException {

    public GoDecodeException(String message) {
        super(message);
    }
}
