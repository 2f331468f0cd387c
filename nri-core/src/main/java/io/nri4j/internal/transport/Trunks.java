package io.nri4j.internal.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Opens trunks. The pipeline is set up by the caller before the channel becomes active, so no
 * byte can arrive unhandled.
 */
public final class Trunks {

    /**
     * Not {@code channel(Class)}: Netty would call the constructor reflectively, and a cold JVM
     * spins an accessor for that first call, on the start path.
     */
    private static final ChannelFactory<EpollDomainSocketChannel> NEW_CHANNEL = EpollDomainSocketChannel::new;

    private static volatile EventLoopGroup group;

    private Trunks() {
    }

    /** Connects to the runtime's socket. */
    public static CompletableFuture<Channel> dial(Path socket, Consumer<Channel> pipeline) {
        CompletableFuture<Channel> result = new CompletableFuture<>();
        ChannelFuture connect;
        try {
            connect = bootstrap(pipeline).channelFactory(NEW_CHANNEL)
                    .connect(new DomainSocketAddress(socket.toString()));
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return result;
        }
        connect.addListener(f -> {
            if (f.isSuccess()) {
                result.complete(connect.channel());
            } else {
                result.completeExceptionally(new TrunkException("cannot connect to the NRI socket "
                        + socket + ": " + f.cause().getMessage()
                        + " (is NRI enabled in the runtime, and the socket mounted?)", f.cause()));
            }
        });
        return result;
    }

    /** Adopts an inherited, connected socket, as a runtime-launched plugin gets on fd 3. */
    public static CompletableFuture<Channel> adopt(int fd, Consumer<Channel> pipeline) {
        CompletableFuture<Channel> result = new CompletableFuture<>();
        ChannelFuture register;
        try {
            ensureEpoll();
            NonBlockingFd.set(fd);
            register = bootstrap(pipeline).channelFactory(() -> new EpollDomainSocketChannel(fd))
                    .register();
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(new TrunkException("cannot adopt the NRI socket on fd "
                    + fd + ": " + e.getMessage(), e));
            return result;
        }
        register.addListener(f -> {
            if (f.isSuccess() && register.channel().isActive()) {
                result.complete(register.channel());
            } else {
                register.channel().close();
                Throwable cause = f.cause();
                result.completeExceptionally(new TrunkException("fd " + fd
                        + " is not a connected socket" + (cause == null ? "" : ": " + cause.getMessage()),
                        cause));
            }
        });
        return result;
    }

    /**
     * Starts the I/O thread and sets a channel up once, unconnected, then closes it: what the
     * first dial would otherwise do on the plugin's start path (the native library, the buffer
     * allocator, the handlers' annotations). Any thread but an event loop's; waits for it.
     *
     * @throws RuntimeException or {@link LinkageError} where there is no native transport: dial
     *     reports that
     */
    public static void prepare() {
        ChannelFuture registered = bootstrap(ch -> { }).channelFactory(NEW_CHANNEL).register();
        registered.awaitUninterruptibly();
        registered.channel().close().awaitUninterruptibly();
    }

    private static Bootstrap bootstrap(Consumer<Channel> pipeline) {
        return new Bootstrap().group(group()).handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                pipeline.accept(ch);
            }
        });
    }

    private static void ensureEpoll() {
        try {
            Epoll.ensureAvailability();
        } catch (UnsatisfiedLinkError e) {
            throw new NativeTransportException(e);
        }
    }

    static EventLoopGroup group() {
        EventLoopGroup g = group;
        if (g == null) {
            synchronized (Trunks.class) {
                g = group;
                if (g == null) {
                    ensureEpoll();
                    g = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("nri-io", true),
                            EpollIoHandler.newFactory());
                    group = g;
                }
            }
        }
        return g;
    }
}
