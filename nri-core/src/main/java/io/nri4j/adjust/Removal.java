package io.nri4j.adjust;

/** The removal marker: a leading {@code -} on a key, mount path, device path or namespace type. */
public final class Removal {

    public static final String MARKER = "-";

    private Removal() {
    }

    public static String mark(String key) {
        return MARKER + key;
    }

    public static boolean isMarked(String key) {
        return key.startsWith(MARKER);
    }

    /** The key without one leading marker. */
    public static String unmark(String key) {
        return isMarked(key) ? key.substring(1) : key;
    }
}
