package io.nri4j.internal.mux;

/** The logical connections NRI opens on the trunk; the enum owns their wire values. */
public enum ConnId {
    /** Conn 1: the runtime calls the plugin's {@code Plugin} service. */
    PLUGIN_SERVICE(1),
    /** Conn 2: the plugin calls the runtime's {@code Runtime} service. */
    RUNTIME_SERVICE(2);

    private final int wire;

    ConnId(int wire) {
        this.wire = wire;
    }

    /** The value in the frame header. */
    public int wire() {
        return wire;
    }

    /** The conn for a header value, or {@code null} for one NRI does not use. */
    public static ConnId fromWire(long wire) {
        if (wire == 1) {
            return PLUGIN_SERVICE;
        }
        if (wire == 2) {
            return RUNTIME_SERVICE;
        }
        return null;
    }
}
