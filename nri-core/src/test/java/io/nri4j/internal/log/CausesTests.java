package io.nri4j.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

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
}
