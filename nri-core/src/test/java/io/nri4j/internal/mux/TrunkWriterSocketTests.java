package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real Unix socket: frames written from other threads than the event loop go straight to the
 * socket, on a duplicate of its descriptor, and whatever the path, every message
 * arrives whole and each writer's in its order, also when the socket fills and the rest queues.
 */
@Timeout(60)
class TrunkWriterSocketTests {

    private static final int WRITERS = 4;
    private static final int MESSAGES = 60;

    @TempDir
    Path dir;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("socket-io", true),
            EpollIoHandler.newFactory());
    private final AtomicInteger pipelineWrites = new AtomicInteger();
    private RecordingSocketPeer peer;
    private Channel plugin;

    @BeforeEach
    void connect() throws Exception {
        DomainSocketAddress address = new DomainSocketAddress(dir.resolve("nri.sock").toString());
        peer = new RecordingSocketPeer(group, address);
        plugin = new Bootstrap().group(group).channel(EpollDomainSocketChannel.class)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        MuxPipeline.install(ch, Map.of(ConnId.PLUGIN_SERVICE, new RecordingEndpoint()), cause -> { },
                                MuxPipeline.Settings.DEFAULTS);
                        ch.pipeline().addFirst(new ChannelOutboundHandlerAdapter() {
                            @Override
                            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                                pipelineWrites.incrementAndGet();
                                ctx.write(msg, promise);
                            }
                        });
                    }
                })
                .connect(address).syncUninterruptibly().channel();
    }

    @AfterEach
    void close() {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10_000);
    }

    @Test
    void framesFromAnotherThreadSkipTheEventLoopWhereTheDescriptorCanBeDuplicated() throws Exception {
        peer.read();
        MuxWriter writer = new MuxWriter(plugin, ConnId.PLUGIN_SERVICE);
        // The connect future completes just before the channel is told it is active.
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(TrunkWriter.of(plugin)::direct);

        Thread thread = new Thread(() -> {
            for (int i = 0; i < MESSAGES; i++) {
                writer.write(message(0, i, 100));
            }
        });
        thread.start();
        thread.join();

        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> messages().size() == MESSAGES);
        assertThat(pipelineWrites).as("frames the event loop wrote")
                .hasValue(0);
    }

    @Test
    void everyMessageArrivesWholeAndInItsWritersOrderWhenTheSocketFills() throws Exception {
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(TrunkWriter.of(plugin)::direct);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int id = w;
            MuxWriter writer = new MuxWriter(plugin, ConnId.PLUGIN_SERVICE);
            // Small messages are one frame, large ones two: 4096 bytes, then the rest.
            threads.add(new Thread(() -> {
                for (int i = 0; i < MESSAGES; i++) {
                    writer.write(message(id, i, i % 2 == 0 ? 64 : 12_000));
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        // 4 × 60 messages of ~6 KB on average: more than the socket holds while nobody reads.
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> plugin.eventLoop()
                .submit(() -> plugin.unsafe().outboundBuffer().totalPendingWriteBytes() > 0).get());

        peer.read();

        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> messages().size() == WRITERS * MESSAGES);
        assertWholeAndInOrder();
        assertThat(pipelineWrites).as("frames queued behind a full socket").hasPositiveValue();
    }

    /** Every writer's messages arrived, each whole, in that writer's order. */
    private void assertWholeAndInOrder() {
        Map<Integer, List<Integer>> order = new HashMap<>();
        for (ByteBuffer m : messages()) {
            int writer = m.getInt();
            int seq = m.getInt();
            int size = m.getInt();
            assertThat(m.remaining()).isEqualTo(size);
            while (m.hasRemaining()) {
                assertThat(m.get()).isEqualTo((byte) (writer * 31 + seq));
            }
            order.computeIfAbsent(writer, k -> new ArrayList<>()).add(seq);
        }
        assertThat(order).hasSize(WRITERS).allSatisfy((writer, seqs) ->
                assertThat(seqs).isSorted().hasSize(MESSAGES));
    }

    @Test
    void framesFromTheEventLoopNeverSplitOneAnotherThreadBeganWritingWhileTheRuntimeReads() throws Exception {
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(TrunkWriter.of(plugin)::direct);
        peer.read();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS - 1; w++) {
            int id = w;
            MuxWriter writer = new MuxWriter(plugin, ConnId.PLUGIN_SERVICE);
            threads.add(new Thread(() -> {
                for (int i = 0; i < MESSAGES; i++) {
                    writer.write(message(id, i, 60_000));
                }
            }));
        }
        // The last writer is the event loop, as for the answers the plugin refuses or times out:
        // while the socket fills and drains, some of its frames find another thread's frame half
        // written and its rest waiting in the loop's task queue.
        MuxWriter onLoop = new MuxWriter(plugin, ConnId.PLUGIN_SERVICE);
        threads.add(new Thread(() -> {
            for (int i = 0; i < MESSAGES; i++) {
                int seq = i;
                plugin.eventLoop().execute(() -> onLoop.write(message(WRITERS - 1, seq, 60_000)));
            }
        }));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> messages().size() == WRITERS * MESSAGES);
        assertWholeAndInOrder();
    }

    @Test
    void writesAfterTheTrunkClosedAreDroppedWithoutThrowing() {
        MuxWriter writer = new MuxWriter(plugin, ConnId.PLUGIN_SERVICE);
        plugin.close().syncUninterruptibly();

        writer.write(message(0, 0, 10));

        assertThat(plugin.isOpen()).isFalse();
    }

    /** A message that says who wrote it: writer, sequence number, size, then that many bytes. */
    private static ByteBuf message(int writer, int seq, int size) {
        ByteBuf buf = Unpooled.directBuffer(12 + size).writeInt(writer).writeInt(seq).writeInt(size);
        for (int i = 0; i < size; i++) {
            buf.writeByte(writer * 31 + seq);
        }
        return buf;
    }

    /** The messages received so far: frames' payloads joined, cut at each message's size. */
    private List<ByteBuffer> messages() {
        ByteBuffer bytes = ByteBuffer.wrap(peer.received());
        ByteArrayOutputStream payloads = new ByteArrayOutputStream();
        while (bytes.remaining() >= MuxLimits.HEADER_LENGTH) {
            bytes.getInt();
            int length = bytes.getInt();
            if (bytes.remaining() < length) {
                break;
            }
            payloads.write(bytes.array(), bytes.position(), length);
            bytes.position(bytes.position() + length);
        }
        ByteBuffer stream = ByteBuffer.wrap(payloads.toByteArray());
        List<ByteBuffer> messages = new ArrayList<>();
        while (stream.remaining() >= 12) {
            int size = stream.getInt(stream.position() + 8);
            if (stream.remaining() < 12 + size) {
                break;
            }
            messages.add(stream.slice(stream.position(), 12 + size));
            stream.position(stream.position() + 12 + size);
        }
        return messages;
    }
}
