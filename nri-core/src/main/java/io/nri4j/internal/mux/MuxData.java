package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;

/**
 * A run of payload bytes for one conn, as read from the trunk. Its buffer is owned by whoever
 * receives it and must be released.
 */
public record MuxData(ConnId conn, ByteBuf bytes) {
}
