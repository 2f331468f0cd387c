package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;

/**
 * One decoded ttrpc message. {@code type} is the raw header byte, so that types ttrpc does not
 * define can still be reported; see {@link MessageType#fromWire(int)}.
 */
public record TtrpcMessage(long streamId, int type, int flags, ByteString data) {
}
