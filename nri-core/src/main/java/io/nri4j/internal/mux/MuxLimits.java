package io.nri4j.internal.mux;

/** Sizes fixed by the Go implementation on the other end of the trunk. */
public final class MuxLimits {

    /** Frame header: conn id and payload length, 4 bytes each. */
    public static final int HEADER_LENGTH = 8;

    /** Largest frame payload the Go side writes or accepts: a maximal ttrpc message. */
    public static final int MAX_PAYLOAD = 10 + (4 << 20);

    /**
     * Size of the Go receiver's {@code bufio.Reader}: a frame that starts a message must not
     * be larger, or the reader fails with ENOMEM (or panics).
     */
    public static final int GO_READ_BUFFER = 4096;

    private MuxLimits() {
    }
}
