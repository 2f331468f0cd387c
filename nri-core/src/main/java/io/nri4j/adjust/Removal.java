package io.nri4j.adjust;

/** The removal marker: a leading {@code -} on a key, mount path, device path or namespace type. */
public final class Removal {

    /** The marker itself. */
    public static final String MARKER = "-";

    private Removal() {
    }

    /** {@code key} marked for removal: {@code -key}. */
    public static String mark(String key) {
        return MARKER + key;
    }

    /** Whether {@code key} carries the marker. */
    public static boolean isMarked(String key) {
        return key.startsWith(MARKER);
    }

    /** The key without one leading marker. */
    public static String unmark(String key) {
        return isMarked(key) ? key.substring(1) : key;
    }
}
