package io.nri4j.internal.ttrpc;

import io.nri4j.internal.ttrpc.proto.Status;
import java.util.Objects;

/** The outcome of one call: a code and, for failures, a message. */
public record TtrpcStatus(StatusCode code, String message) {

    public static final TtrpcStatus OK = new TtrpcStatus(StatusCode.OK, "");

    public TtrpcStatus {
        Objects.requireNonNull(code, "code");
        message = message == null ? "" : message;
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

    @Override
    public String toString() {
        return message.isEmpty() ? code.name() : code.name() + ": " + message;
    }
}
