package io.nri4j.internal.mux;

import io.netty.handler.codec.DecoderException;

/** A trunk that cannot be read any further; the connection is closed. */
public final class MuxCodecException extends DecoderException {

    private static final long serialVersionUID = 1L;

    public MuxCodecException(String message) {
        super(message);
    }
}
