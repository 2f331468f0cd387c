package io.nri4j.internal.log;

import java.io.FileNotFoundException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.regex.Pattern;

/**
 * Says what went wrong in the words of the failure that started it: wrappers
 * ({@code CompletionException}, {@code ExecutionException}, our own) each add a prefix, and some
 * native failures have no message at all. The words may be the runtime's (a status message), so
 * they are escaped and cut like any text from the wire. A failed file operation says its path and
 * the operating system's reason ({@code /var/run/nri4j/x: Permission denied}), which Java leaves
 * out of the message of some of its exceptions.
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
        if (root instanceof FileSystemException f && f.getFile() != null) {
            String files = f.getOtherFile() == null ? f.getFile() : f.getFile() + " -> " + f.getOtherFile();
            return WireText.escape(files + ": " + reason(f), MAX_LENGTH);
        }
        String message = root.getMessage();
        if (message == null || message.isBlank()) {
            // Netty reports ENOENT on connect as a FileNotFoundException without a message.
            return root instanceof FileNotFoundException ? "No such file or directory"
                    : root.getClass().getSimpleName();
        }
        return WireText.escape(NATIVE_PREFIX.matcher(message).replaceFirst(""), MAX_LENGTH);
    }

    /** The system's words for what Java reports as an exception type without a reason (strerror's). */
    private static String reason(FileSystemException f) {
        if (f.getReason() != null && !f.getReason().isBlank()) {
            return f.getReason();
        }
        if (f instanceof AccessDeniedException) {
            return "Permission denied";
        } else if (f instanceof NoSuchFileException) {
            return "No such file or directory";
        } else if (f instanceof FileAlreadyExistsException) {
            return "File exists";
        } else if (f instanceof NotDirectoryException) {
            return "Not a directory";
        } else if (f instanceof DirectoryNotEmptyException) {
            return "Directory not empty";
        }
        return f.getClass().getSimpleName();
    }
}
