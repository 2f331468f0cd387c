package io.nri4j.internal.ttrpc;

import io.netty.handler.codec.DecoderException;

/**
 * A ttrpc stream beyond repair: the peer kept sending messages no ttrpc client sends. Thrown on
 * the thread reading the trunk; the trunk is closed.
 */
public final class TtrpcCodecException extends DecoderException {

    private static final long serialVersionUID = 1L;

    public TtrpcCodecException(String message) {
        super(message);
    }
}
