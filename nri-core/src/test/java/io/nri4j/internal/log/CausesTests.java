package io.nri4j.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CausesTests {

    @Test
    void wrappersAreSkippedForTheRootCausesMessage() {
        Throwable wrapped = new CompletionException(new ExecutionException(
                new IOException("cannot connect: cannot connect: refused",
                        new ConnectException("Connection refused"))));

        assertThat(Causes.describe(wrapped)).isEqualTo("Connection refused");
    }

    @Test
    void nettysPrefixOnNativeErrorsIsDropped() {
        Throwable refused = new IOException("connect(..) failed with error(-111): Connection refused: /run/nri.sock",
                new ConnectException("connect(..) failed with error(-111): Connection refused"));

        assertThat(Causes.describe(refused)).isEqualTo("Connection refused");
    }

    @Test
    void aMissingSocketReadsAsTheErrorItIsNotAsNull() {
        // What Netty throws for ENOENT: no message at all.
        Throwable missing = new CompletionException(new IOException("cannot connect", new FileNotFoundException()));

        assertThat(Causes.describe(missing)).isEqualTo("No such file or directory");
    }

    @Test
    void aRootCauseWithoutMessageIsNamedByItsType() {
        assertThat(Causes.describe(new CompletionException(new IllegalStateException())))
                .isEqualTo("IllegalStateException");
    }

    @Test
    void aFailureWithoutCauseIsItsOwnRoot() {
        assertThat(Causes.describe(new IllegalArgumentException("bad fd"))).isEqualTo("bad fd");
    }

    @Test
    void aFailedFileOperationSaysItsPathAndTheSystemsReason(@TempDir Path dir) throws Exception {
        // Java puts only the path into these exceptions' messages.
        Path file = Files.writeString(dir.resolve("file"), "x");
        Throwable notADirectory = catching(() -> Files.createDirectories(file.resolve("sub")));

        assertThat(Causes.describe(new AccessDeniedException("/var/run/nri4j/x")))
                .isEqualTo("/var/run/nri4j/x: Permission denied");
        assertThat(Causes.describe(new CompletionException(new IOException("joining", notADirectory))))
                .matches(Pattern.quote(file.toString()) + "(/sub)?: (File exists|Not a directory)");
        assertThat(Causes.describe(new FileSystemException("/a", "/b", "Read-only file system")))
                .isEqualTo("/a -> /b: Read-only file system");
    }

    private interface Io {
        void run() throws IOException;
    }

    private static Throwable catching(Io io) {
        try {
            io.run();
        } catch (IOException e) {
            return e;
        }
        throw new AssertionError("no failure");
    }
}
