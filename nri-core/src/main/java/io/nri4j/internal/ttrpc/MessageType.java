package io.nri4j.internal.ttrpc;

/** ttrpc message types; the enum owns their wire values. */
public enum MessageType {
    REQUEST(1),
    RESPONSE(2),
    /** Streaming only; NRI never uses it. */
    DATA(3);

    private final int wire;

    MessageType(int wire) {
        this.wire = wire;
    }

    public int wire() {
        return wire;
    }

    /** The type for a header value, or {@code null} if ttrpc defines none. */
    public static MessageType fromWire(int wire) {
        return switch (wire) {
            case 1 -> REQUEST;
            case 2 -> RESPONSE;
            case 3 -> DATA;
            default -> null;
        };
    }
}
