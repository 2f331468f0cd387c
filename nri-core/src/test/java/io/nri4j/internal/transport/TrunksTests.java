package io.nri4j.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TrunksTests {

    @Test
    void preparingStartsTheIoThreadOnceAndLeavesNoSocketOpen() throws Exception {
        EventLoopGroup group = Trunks.group();
        long before = sockets();

        Trunks.prepare();
        Trunks.prepare();

        assertThat(Trunks.group()).isSameAs(group);
        // At most: a socket another test closed may still be closing now.
        assertThat(sockets()).isLessThanOrEqualTo(before);
    }

    private static long sockets() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException e) {
                    return false; // closed while listed
                }
            }).count();
        }
    }
}
