package io.nri4j.stub;

import java.io.FileNotFoundException;
import java.util.regex.Pattern;

/**
 * Says what went wrong in the words of the failure that started it: wrappers
 * ({@code CompletionException}, {@code ExecutionException}, our own) each add a prefix, and some
 * native failures have no message at all.
 */
final class Causes {

    /** Netty's prefix on native errors, e.g. {@code connect(..) failed with error(-111): }. */
    private static final Pattern NATIVE_PREFIX =
            Pattern.compile("^\\w+\\(\\.\\.\\) failed(?: with error\\(-?\\d+\\))?: ");

    private Causes() {
    }

    /** The root cause's message, or its type when it has none. */
    static String describe(Throwable failure) {
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
        return NATIVE_PREFIX.matcher(message).replaceFirst("");
    }
}
