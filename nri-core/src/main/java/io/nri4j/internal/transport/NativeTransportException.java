package io.nri4j.internal.transport;

import io.nri4j.internal.log.Causes;

/**
 * Netty's epoll library did not load, so no NRI socket can be opened: a fault of the plugin's
 * environment, not of the runtime or its socket. Netty loads the library from
 * {@code java.library.path}, or else copies it out of its jar into {@code java.io.tmpdir} (or
 * {@code -Dio.netty.native.workdir}) first; a read-only or {@code noexec} directory there is the
 * usual cause. The message carries the root cause's own, so one line says what went wrong.
 */
public final class NativeTransportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    NativeTransportException(Throwable failure) {
        super("Netty's epoll library did not load (" + Causes.describe(failure) + "): put it on java.library.path, or"
                + " give it a writable directory that allows exec as java.io.tmpdir or -Dio.netty.native.workdir");
        addSuppressed(failure); // not the cause: the message already says what the cause would
    }
}
