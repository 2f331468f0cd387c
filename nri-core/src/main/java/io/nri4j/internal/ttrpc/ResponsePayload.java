package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import java.io.IOException;

/**
 * A successful call's serialized response, written straight into the frame that carries it: no
 * byte array of its own, no copy into the envelope and another into the frame. Immutable.
 */
public interface ResponsePayload {

    /** No bytes: what a message with no field set encodes to. */
    ResponsePayload EMPTY = of(ByteString.EMPTY);

    /** The number of bytes {@link #writeTo} writes. */
    int size();

    void writeTo(CodedOutputStream out) throws IOException;

    static ResponsePayload of(ByteString bytes) {
        return new Bytes(bytes);
    }

    /** {@code message}'s bytes, then {@code suffix}'s (fields the receiver merges into it). */
    static ResponsePayload of(MessageLite message, ByteString suffix) {
        return new Message(message, suffix);
    }

    /** Bytes serialized already. */
    record Bytes(ByteString bytes) implements ResponsePayload {

        @Override
        public int size() {
            return bytes.size();
        }

        @Override
        public void writeTo(CodedOutputStream out) throws IOException {
            out.writeRawBytes(bytes);
        }
    }

    /** A message serialized as it is written, and bytes after it. */
    record Message(MessageLite message, ByteString suffix) implements ResponsePayload {

        @Override
        public int size() {
            return message.getSerializedSize() + suffix.size();
        }

        @Override
        public void writeTo(CodedOutputStream out) throws IOException {
            message.writeTo(out);
            out.writeRawBytes(suffix);
        }
    }
}
