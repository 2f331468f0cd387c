package io.nri4j.internal.transport;

import java.io.FileDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Puts an inherited socket into non-blocking mode, which epoll needs. A runtime hands its
 * launched plugins one end of a blocking socketpair, and the JDK has no public {@code fcntl}:
 * on JDK 22+ the foreign-function API calls it (reflectively, as the baseline is 17); on older
 * JDKs the JDK's own NIO helper does, if the JVM opens it.
 */
final class NonBlockingFd {

    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 0x800; // x86_64 and aarch64, the platforms we ship

    static final String OLD_JDK_FLAGS =
            "--add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED";

    private NonBlockingFd() {
    }

    static void set(int fd) {
        if (Runtime.version().feature() >= 22) {
            withForeignFunctions(fd);
        } else {
            withNioHelper(fd);
        }
    }

    private static void withForeignFunctions(int fd) {
        try {
            MethodHandle fcntl = Fcntl.handle();
            int flags = (int) fcntl.invokeExact(fd, F_GETFL, 0);
            if (flags < 0 || (int) fcntl.invokeExact(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
                throw new IllegalStateException("fcntl failed on fd " + fd);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("cannot make inherited fd " + fd
                    + " non-blocking; run the JVM with --enable-native-access=ALL-UNNAMED (" + t + ")", t);
        }
    }

    private static void withNioHelper(int fd) {
        try {
            FileDescriptor descriptor = new FileDescriptor();
            Field fdField = FileDescriptor.class.getDeclaredField("fd");
            fdField.setAccessible(true);
            fdField.setInt(descriptor, fd);
            Method configureBlocking = Class.forName("sun.nio.ch.IOUtil")
                    .getDeclaredMethod("configureBlocking", FileDescriptor.class, boolean.class);
            configureBlocking.setAccessible(true);
            configureBlocking.invoke(null, descriptor, false);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot make inherited fd " + fd + " non-blocking on JDK "
                    + Runtime.version().feature() + "; run the JVM with " + OLD_JDK_FLAGS
                    + ", or use JDK 22 or later (" + e + ")", e);
        }
    }
}
