package io.nri4j.internal.transport;

import java.lang.invoke.MethodHandle;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * Duplicates a socket's descriptor, where the JVM lets this code call {@code fcntl}: JDK 22+ with
 * {@code --enable-native-access} for it (without, a JDK 22+ would print a warning or refuse). Any
 * thread.
 */
public final class Descriptors {

    private static final int F_DUPFD_CLOEXEC = 1030; // Linux

    private static volatile CompletableFuture<Boolean> linked;

    private Descriptors() {
    }

    /**
     * Completes with whether {@link #duplicate} can work, once the downcall is linked: linking
     * takes tens of milliseconds, so it runs once per JVM on a thread of its own, off the
     * connection's start.
     */
    public static CompletableFuture<Boolean> linked() {
        CompletableFuture<Boolean> l = linked;
        if (l == null) {
            synchronized (Descriptors.class) {
                l = linked;
                if (l == null) {
                    l = new CompletableFuture<>();
                    if (Runtime.version().feature() < 22 || !nativeAccess()) {
                        l.complete(false);
                    } else {
                        CompletableFuture<Boolean> result = l;
                        Thread t = new Thread(() -> result.complete(link()), "nri-fcntl-link");
                        t.setDaemon(true);
                        t.start();
                    }
                    linked = l;
                }
            }
        }
        return l;
    }

    /**
     * A new descriptor for the socket behind {@code fd}, the caller's to close; empty where the
     * JVM does not allow the call, or if the system call fails. The caller makes sure nothing can
     * close {@code fd} meanwhile (it would duplicate whatever took the number next).
     */
    public static OptionalInt duplicate(int fd) {
        if (!linked().join()) {
            return OptionalInt.empty();
        }
        try {
            int copy = (int) Fcntl.handle().invokeExact(fd, F_DUPFD_CLOEXEC, 0);
            return copy < 0 ? OptionalInt.empty() : OptionalInt.of(copy);
        } catch (Throwable t) {
            return OptionalInt.empty();
        }
    }

    private static boolean link() {
        try {
            MethodHandle handle = Fcntl.handle();
            return handle != null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static boolean nativeAccess() {
        try {
            return (boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(Descriptors.class.getModule());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
