package io.nri4j.internal.log;

import java.io.FileNotFoundException;
import java.util.regex.Pattern;

/**
 * Says what went wrong in the words of the failure that started it: wrappers
 * ({@code CompletionException}, {@code ExecutionException}, our own) each add a prefix, and some
 * native failures have no message at all. The words may be the runtime's (a status message), so
 * they are escaped and cut like any text from the wire.
 */
public final class Causes {

    /** Netty's prefix on native errors, e.g. {@code connect(..) failed with error(-111): }. */
    private static final Pattern NATIVE_PREFIX =
            Pattern.compile("^\\w+\\(\\.\\.\\) failed(?: with error\\(-?\\d+\\))?: ");

    private Causes() {
    }

    /** Room for a long local message; a runtime's is cut there too. */
    private static final int MAX_LENGTH = 1024;

    /** The root cause's message, or its type when it has none. */
    public static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        if (message == null || message.isBlank()) {
            // Netty reports ENOENT on connect as a FileNotFoundException without a message.
            return root instanceof FileNotFoundException ? "No such file or directory"
                    : root.getClass().getSimpleName();
        }
        return WireText.escape(NATIVE_PREFIX.matcher(message).replaceFirst(""), MAX_LENGTH);
    }
}
