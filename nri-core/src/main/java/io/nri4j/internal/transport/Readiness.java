package io.nri4j.internal.transport;

import io.netty.channel.epoll.EpollEventArray;
import io.netty.channel.epoll.Native;
import io.netty.channel.unix.Errors;
import io.netty.channel.unix.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * Waits for one socket to have something to read, on a thread of the caller's (not an event
 * loop): an epoll instance of its own with the socket in it, level-triggered, through Netty's
 * native transport. Netty does not make its wait public, so it is reached by reflection; where
 * that fails (Netty on the module path, another version), {@link #open} says so and the caller
 * reads through the event loop instead. One thread waits at a time; {@link #close} after the last.
 */
public final class Readiness implements AutoCloseable {

    private static final MethodHandle NEW_EVENTS;
    private static final MethodHandle WAIT;
    private static final MethodHandle FREE;
    /** Linux's EINTR: a signal came; the caller waits again. */
    private static final int EINTR = 4;
    private static final Throwable UNAVAILABLE;

    static {
        MethodHandle newEvents = null;
        MethodHandle wait = null;
        MethodHandle free = null;
        Throwable failure = null;
        try {
            Constructor<EpollEventArray> constructor = EpollEventArray.class.getDeclaredConstructor(int.class);
            constructor.setAccessible(true);
            Method method = Native.class.getDeclaredMethod("epollWait", FileDescriptor.class,
                    EpollEventArray.class, int.class);
            method.setAccessible(true);
            Method freeMethod = EpollEventArray.class.getDeclaredMethod("free");
            freeMethod.setAccessible(true);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            newEvents = lookup.unreflectConstructor(constructor)
                    .asType(MethodType.methodType(Object.class, int.class));
            wait = lookup.unreflect(method)
                    .asType(MethodType.methodType(int.class, FileDescriptor.class, Object.class, int.class));
            free = lookup.unreflect(freeMethod).asType(MethodType.methodType(void.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            failure = e;
        }
        NEW_EVENTS = newEvents;
        WAIT = wait;
        FREE = free;
        UNAVAILABLE = failure;
    }

    private final FileDescriptor epoll;
    private final Object events;

    private Readiness(FileDescriptor epoll, Object events) {
        this.epoll = epoll;
        this.events = events;
    }

    /**
     * Watches {@code fd} for input, its end and its errors.
     *
     * @throws IOException with the reason, where the wait cannot be had
     */
    public static Readiness open(int fd) throws IOException {
        if (UNAVAILABLE != null) {
            throw new IOException("Netty's epoll wait is not reachable: " + UNAVAILABLE, UNAVAILABLE);
        }
        FileDescriptor epoll;
        try {
            epoll = Native.newEpollCreate();
        } catch (RuntimeException | LinkageError e) {
            throw new IOException("epoll_create: " + e.getMessage(), e);
        }
        try {
            Native.epollCtlAdd(epoll.intValue(), fd, Native.EPOLLIN | Native.EPOLLRDHUP);
            return new Readiness(epoll, NEW_EVENTS.invoke(1));
        } catch (Throwable e) {
            epoll.close();
            throw e instanceof IOException io ? io : new IOException(e.toString(), e);
        }
    }

    /**
     * Blocks until the socket is readable (or at its end, or failed), or the timeout passes.
     *
     * @param timeoutMillis -1 for no timeout
     * @return whether it is ready; false after the timeout, or early when a signal came
     */
    public boolean await(int timeoutMillis) throws IOException {
        try {
            return (int) WAIT.invokeExact(epoll, events, timeoutMillis) > 0;
        } catch (Errors.NativeIoException e) {
            if (e.expectedErr() == -EINTR) {
                return false;
            }
            throw e;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e.toString(), e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            FREE.invokeExact(events);
        } catch (Throwable e) {
            // a few bytes of native memory; the descriptor matters more
        }
        epoll.close();
    }
}
