package io.nri4j.test.runtime;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.util.Base64;

/** Protobuf messages travel in the runtime's JSON as base64 of their binary form. */
final class Wire {

    private Wire() {
    }

    static String encode(MessageLite message) {
        return Base64.getEncoder().encodeToString(message.toByteArray());
    }

    static <M> M decode(String base64, Parser<M> parser) {
        try {
            return parser.parseFrom(Base64.getDecoder().decode(base64));
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            throw new IllegalStateException("the runtime sent a message that does not decode: " + e.getMessage(), e);
        }
    }
}
