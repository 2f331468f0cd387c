package io.nri4j.internal.mux;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The runtime's end of a real Unix socket, for tests: accepts one connection, reads nothing until
 * told to, then keeps every byte it reads. Public for the ttrpc tests.
 */
public final class RecordingSocketPeer {

    private final ByteRecorder recorder = new ByteRecorder();
    private final CompletableFuture<Channel> accepted = new CompletableFuture<>();
    private final Channel listener;

    public RecordingSocketPeer(EventLoopGroup group, DomainSocketAddress address) {
        listener = new ServerBootstrap().group(group).channel(EpollServerDomainSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(recorder);
                        accepted.complete(ch);
                    }
                })
                .bind(address).syncUninterruptibly().channel();
    }

    /** The accepted connection, once a plugin has connected. */
    public Channel connection() throws Exception {
        return accepted.get(10, TimeUnit.SECONDS);
    }

    /** Starts reading, and keeps on. */
    public void read() throws Exception {
        connection().config().setAutoRead(true);
    }

    /** Every byte read so far. */
    public byte[] received() {
        return recorder.bytes();
    }

    public void close() {
        listener.close().syncUninterruptibly();
    }
}
