package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.nri4j.internal.mux.ByteRecorder;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.mux.MuxWire;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.awaitility.core.ConditionFactory;

/**
 * A trunk wired like the stub's ({@link MuxPipeline} with one endpoint) on a real
 * single-threaded event loop, and the runtime's end of it, which the test drives with raw bytes.
 * Netty's {@code EmbeddedChannel} does not fit here: its event loop queues tasks in an
 * unsynchronised deque and claims every thread as its own, while these endpoints hand work to the
 * event loop from executor threads and must be seen never to run user code on it.
 */
final class LocalTrunk<E extends MuxEndpoint> implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(10);
    private static final AtomicInteger ADDRESSES = new AtomicInteger();
    private static final int SEND_FRAME = 65536;

    final ConnId conn;
    final E endpoint;
    /** The plugin's end: the channel the endpoint was built on. */
    final Channel plugin;
    /** The runtime's end. */
    final Channel peer;
    private final EventLoopGroup group;
    private final Channel server;
    private final ByteRecorder received = new ByteRecorder();
    private final CompletableFuture<Optional<Throwable>> trunkClosed = new CompletableFuture<>();
    private final List<ByteBuf> sent = new CopyOnWriteArrayList<>();

    private LocalTrunk(ConnId conn, Function<Channel, E> endpointFactory) {
        this.conn = conn;
        group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("trunk-io", true),
                LocalIoHandler.newFactory());
        LocalAddress address = new LocalAddress("trunk-" + ADDRESSES.incrementAndGet());
        CompletableFuture<Channel> accepted = new CompletableFuture<>();
        server = new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(received);
                        accepted.complete(ch);
                    }
                })
                .bind(address).syncUninterruptibly().channel();
        AtomicReference<E> created = new AtomicReference<>();
        plugin = new Bootstrap().group(group).channel(LocalChannel.class)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        E e = endpointFactory.apply(ch);
                        created.set(e);
                        MuxPipeline.install(ch, Map.of(conn, e),
                                cause -> trunkClosed.complete(Optional.ofNullable(cause)),
                                MuxPipeline.Settings.DEFAULTS);
                    }
                })
                .connect(address).syncUninterruptibly().channel();
        endpoint = created.get();
        peer = accepted.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
    }

    /** Awaitility, polling often: everything here happens within milliseconds. */
    static ConditionFactory waiting() {
        return await().atMost(WAIT).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(2));
    }

    static <E extends MuxEndpoint> LocalTrunk<E> open(ConnId conn, Function<Channel, E> endpoint) {
        return new LocalTrunk<>(conn, endpoint);
    }

    /** Writes raw bytes from the runtime's end. */
    void send(byte[] bytes) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        sent.add(buf);
        peer.writeAndFlush(buf).awaitUninterruptibly();
    }

    /** Writes one ttrpc message on this trunk's conn, in frames of up to 64 KiB. */
    void sendMessage(long streamId, int type, byte[] data) {
        byte[] message = Wire.message(streamId, type, 0, data);
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < message.length; i += SEND_FRAME) {
            byte[] payload = new byte[Math.min(SEND_FRAME, message.length - i)];
            System.arraycopy(message, i, payload, 0, payload.length);
            frames.writeBytes(MuxWire.frame(conn.wire(), payload));
        }
        send(frames.toByteArray());
    }

    /** Every complete frame the runtime's end has read so far. */
    List<Wire.Frame> frames() {
        return Wire.frames(received.bytes());
    }

    /** Every complete ttrpc message on this trunk's conn so far. */
    List<Wire.Message> messages() {
        return Wire.messages(frames().stream().filter(f -> f.conn() == conn.wire()).toList());
    }

    List<Wire.Message> awaitMessages(int count) {
        return waiting().until(this::messages, m -> m.size() >= count);
    }

    /** The {@code nth} (from 1) message on stream {@code streamId}. */
    Wire.Message awaitMessage(long streamId, int nth) {
        return waiting()
                .until(() -> onStream(streamId), m -> m.size() >= nth)
                .get(nth - 1);
    }

    Wire.Message awaitMessage(long streamId) {
        return awaitMessage(streamId, 1);
    }

    /**
     * The {@code nth} (from 1) message on stream {@code streamId}, checked to be of {@code type}
     * with no flags set, and parsed.
     */
    <T> T awaitMessage(long streamId, int nth, int type, Parser<T> parser) throws InvalidProtocolBufferException {
        Wire.Message m = awaitMessage(streamId, nth);
        assertThat(m.type()).as("message type").isEqualTo(type);
        assertThat(m.flags()).as("flags").isZero();
        return parser.parseFrom(m.data());
    }

    List<Wire.Message> onStream(long streamId) {
        return messages().stream().filter(m -> m.streamId() == streamId).toList();
    }

    /** Runs {@code task} on the trunk's event loop and returns its result. */
    <T> T onEventLoop(Callable<T> task) throws Exception {
        return plugin.eventLoop().submit(task).get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Completes with what the demultiplexer told its owner when the trunk went away. */
    CompletableFuture<Optional<Throwable>> trunkClosed() {
        return trunkClosed;
    }

    /** Closes both ends, and checks that the plugin's end released every buffer it was sent. */
    @Override
    public void close() {
        try {
            assertThat(plugin.close().awaitUninterruptibly(WAIT.toMillis())).as("trunk closed in time").isTrue();
            assertThat(trunkClosed).succeedsWithin(WAIT);
            waiting().untilAsserted(() -> assertThat(sent)
                    .allSatisfy(buf -> assertThat(buf.refCnt()).as("refCnt of a buffer sent").isZero()));
        } finally {
            server.close();
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(WAIT.toMillis());
        }
    }
}
