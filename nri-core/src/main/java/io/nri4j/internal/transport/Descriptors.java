package io.nri4j.internal.transport;

import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.Socket;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Duplicates a socket's descriptor. The JDK has no public {@code dup}, so the descriptor is passed
 * to this process itself ({@code SCM_RIGHTS}) over a pair of datagram sockets in Linux's abstract
 * namespace, through Netty's native transport, which must be loaded: JDK 17 on, no flags. Any
 * thread.
 */
public final class Descriptors {

    private Descriptors() {
    }

    /**
     * A new descriptor for the file behind {@code fd}, the caller's to close; not close-on-exec
     * (the JDK closes a child's inherited descriptors). The caller makes sure nothing can close
     * {@code fd} meanwhile (it would duplicate whatever took the number next).
     *
     * @throws IOException with the system's reason, where a step fails (not Linux, no native
     *     transport, out of descriptors)
     */
    public static int duplicate(int fd) throws IOException {
        Socket sender = Socket.newSocketDomainDgram();
        try {
            Socket receiver = Socket.newSocketDomainDgram();
            try {
                DomainSocketAddress senderName = bindSomewhere(sender);
                // Connected before it has a name, the receiver takes datagrams from the sender
                // only: nothing else on the host can slip a descriptor of its own into its queue.
                receiver.connect(senderName);
                sender.connect(bindSomewhere(receiver));
                sender.sendFd(fd);
                int copy = receiver.recvFd();
                if (copy <= 0) {
                    throw new IOException("the descriptor passed to this process did not arrive (" + copy + ")");
                }
                return copy;
            } finally {
                receiver.close();
            }
        } finally {
            sender.close();
        }
    }

    /** Binds to a fresh name in the abstract namespace: 64 random bits, no file to clean up. */
    private static DomainSocketAddress bindSomewhere(Socket socket) throws IOException {
        DomainSocketAddress name = new DomainSocketAddress("\0nri4j-dup-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        socket.bind(name);
        return name;
    }
}
