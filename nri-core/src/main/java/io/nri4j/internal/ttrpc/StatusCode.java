package io.nri4j.internal.ttrpc;

/** gRPC status codes, which ttrpc uses unchanged; the enum owns their wire values. */
public enum StatusCode {
    OK(0),
    CANCELLED(1),
    UNKNOWN(2),
    INVALID_ARGUMENT(3),
    DEADLINE_EXCEEDED(4),
    NOT_FOUND(5),
    ALREADY_EXISTS(6),
    PERMISSION_DENIED(7),
    RESOURCE_EXHAUSTED(8),
    FAILED_PRECONDITION(9),
    ABORTED(10),
    OUT_OF_RANGE(11),
    UNIMPLEMENTED(12),
    INTERNAL(13),
    UNAVAILABLE(14),
    DATA_LOSS(15),
    UNAUTHENTICATED(16);

    private static final StatusCode[] BY_WIRE = values();

    private final int wire;

    StatusCode(int wire) {
        this.wire = wire;
    }

    public int wire() {
        return wire;
    }

    /** The code for a wire value; values gRPC does not define map to {@link #UNKNOWN}. */
    public static StatusCode fromWire(int wire) {
        return wire >= 0 && wire < BY_WIRE.length ? BY_WIRE[wire] : UNKNOWN;
    }
}
