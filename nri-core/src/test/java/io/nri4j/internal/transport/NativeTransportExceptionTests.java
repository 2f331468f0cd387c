package io.nri4j.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class NativeTransportExceptionTests {

    @Test
    void saysInOneLineWhyTheLibraryDidNotLoadAndWhatToDo() {
        // As Netty reports a copy it could not write: its error, caused by the file system's.
        UnsatisfiedLinkError failure = new UnsatisfiedLinkError("failed to load the required native library");
        failure.initCause(new IOException("/tmp/libnetty_transport_native_epoll_x86_64123.so: Read-only file system"));

        NativeTransportException e = new NativeTransportException(failure);

        assertThat(e.getMessage())
                .startsWith("Netty's epoll library did not load (/tmp/libnetty_transport_native_epoll_x86_64123.so:"
                        + " Read-only file system): ")
                .contains("java.library.path", "-Dio.netty.native.workdir")
                .doesNotContain("\n");
        assertThat(e.getCause()).isNull();
        assertThat(e.getSuppressed()).containsExactly(failure);
    }

    @Test
    void namesTheFailuresTypeWhenItHasNoMessage() {
        assertThat(new NativeTransportException(new UnsatisfiedLinkError()).getMessage())
                .startsWith("Netty's epoll library did not load (UnsatisfiedLinkError): ");
    }
}
