package io.nri4j.internal.ttrpc;

import io.nri4j.internal.ttrpc.proto.Status;
import java.util.Objects;

/**
 * The outcome of one call: a code and, for failures, a message. The message is cut to
 * {@link #MAX_MESSAGE} characters, so that an error reply always fits in a ttrpc message
 * whatever it echoes.
 */
public record TtrpcStatus(StatusCode code, String message) {

    public static final TtrpcStatus OK = new TtrpcStatus(StatusCode.OK, "");

    /** The longest message kept, in characters: at most 48 KiB of UTF-8, far below 4 MiB. */
    public static final int MAX_MESSAGE = 16 * 1024;

    public TtrpcStatus {
        Objects.requireNonNull(code, "code");
        message = shorten(message == null ? "" : message);
    }

    public static TtrpcStatus of(StatusCode code, String message) {
        return new TtrpcStatus(code, message);
    }

    public boolean isOk() {
        return code == StatusCode.OK;
    }

    /** The wire form; OK is an empty {@code Status}, as the Go server sends it. */
    public Status toProto() {
        if (isOk()) {
            return Status.getDefaultInstance();
        }
        return Status.newBuilder().setCode(code.wire()).setMessage(message).build();
    }

    /** Reads a response status; an absent one means OK. */
    public static TtrpcStatus fromProto(Status status) {
        if (status == null || status.getCode() == 0) {
            return OK;
        }
        return new TtrpcStatus(StatusCode.fromWire(status.getCode()), status.getMessage());
    }

    private static String shorten(String message) {
        if (message.length() <= MAX_MESSAGE) {
            return message;
        }
        int cut = Character.isHighSurrogate(message.charAt(MAX_MESSAGE - 1)) ? MAX_MESSAGE - 1 : MAX_MESSAGE;
        return message.substring(0, cut) + "... (" + (message.length() - cut) + " more characters)";
    }

    @Override
    public String toString() {
        return message.isEmpty() ? code.name() : code.name() + ": " + message;
    }
}
