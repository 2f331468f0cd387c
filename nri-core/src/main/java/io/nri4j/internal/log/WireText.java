package io.nri4j.internal.log;

/**
 * Makes text from the wire safe for a log line or an error message: control, format and
 * line-separator characters become visible escapes, so a name holding {@code \n} cannot forge
 * a log line, and the result is cut to a bounded length, so a 4 MiB name cannot become a 4 MiB
 * message.
 */
public final class WireText {

    /** Default cap on the escaped length, in characters; names are far shorter. */
    public static final int MAX_LENGTH = 256;

    private WireText() {
    }

    /** {@code text} escaped and cut to {@link #MAX_LENGTH} characters. */
    public static String escape(String text) {
        return escape(text, MAX_LENGTH);
    }

    /** {@code text} escaped and cut to {@code max} characters, saying how many were left out. */
    public static String escape(String text, int max) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 16);
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            String piece = visible(cp) ? null : escaped(cp);
            int width = piece == null ? Character.charCount(cp) : piece.length();
            if (out.length() + width > max) {
                break;
            }
            if (piece == null) {
                out.appendCodePoint(cp);
            } else {
                out.append(piece);
            }
            i += Character.charCount(cp);
        }
        if (i < text.length()) {
            out.append("... (").append(text.length() - i).append(" more characters)");
        }
        return out.toString();
    }

    private static boolean visible(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR, Character.SURROGATE -> false;
            default -> true;
        };
    }

    private static String escaped(int cp) {
        return switch (cp) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> cp <= 0xff ? String.format("\\x%02x", cp) : String.format("\\u%04x", cp);
        };
    }
}
