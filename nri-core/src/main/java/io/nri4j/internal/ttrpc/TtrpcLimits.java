package io.nri4j.internal.ttrpc;

/** Sizes fixed by the ttrpc protocol. */
public final class TtrpcLimits {

    /** Message header: length, stream id, type, flags. */
    public static final int HEADER_LENGTH = 10;

    /** Largest message data a peer sends or accepts. */
    public static final int MAX_DATA = 4 << 20;

    private TtrpcLimits() {
    }
}
