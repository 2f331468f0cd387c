package io.nri4j.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.unix.FileDescriptor;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DescriptorsTests {

    @BeforeAll
    static void nativeTransport() {
        Epoll.ensureAvailability();
    }

    @Test
    void aDuplicateOutlivesTheOriginalAndWritesIntoTheSameFile() throws Exception {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        FileDescriptor copy = new FileDescriptor(Descriptors.duplicate(pipe[1].intValue()));
        assertThat(copy.intValue()).isNotEqualTo(pipe[1].intValue());
        pipe[1].close();

        ByteBuffer out = ByteBuffer.allocateDirect(5).put("hello".getBytes(StandardCharsets.US_ASCII)).flip();
        assertThat(copy.write(out, 0, 5)).isEqualTo(5);
        copy.close();

        ByteBuffer in = ByteBuffer.allocateDirect(16);
        int n = pipe[0].read(in, 0, 16);
        byte[] read = new byte[n];
        in.get(0, read);
        assertThat(new String(read, StandardCharsets.US_ASCII)).isEqualTo("hello");
        pipe[0].close();
    }

    @Test
    void aDescriptorThatIsNotOpenIsRefusedWithTheSystemsReason() {
        // Far above any descriptor limit: a closed number would be the next socket's.
        int notOpen = 1 << 30;

        assertThatIOException().isThrownBy(() -> Descriptors.duplicate(notOpen))
                .withMessageContaining("Bad file descriptor");
    }
}
