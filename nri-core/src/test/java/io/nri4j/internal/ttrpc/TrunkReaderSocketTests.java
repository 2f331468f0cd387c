package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.mux.RecordingSocketPeer;
import io.nri4j.internal.mux.TrunkReader;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real Unix socket, the trunk read by the threads that run its requests: the thread that
 * decoded a request runs it, reading goes on while handlers run, no more handlers run at once
 * than allowed, back-pressure and the stalled-frame timeout hold, and the threads end with the
 * connection.
 */
@Timeout(60)
class TrunkReaderSocketTests {

    @TempDir
    Path dir;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("socket-io", true),
            EpollIoHandler.newFactory());
    private final ExecutorService fallback =
            Executors.newFixedThreadPool(2, new DefaultThreadFactory("fallback", true));
    private final List<Thread> made = new CopyOnWriteArrayList<>();
    private final AtomicReference<Throwable> closedWith = new AtomicReference<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Map<Long, Thread> decodedOn = new ConcurrentHashMap<>();
    private RecordingSocketPeer peer;
    private Channel plugin;
    private TtrpcServerEndpoint server;
    private TtrpcClient client;
    private volatile long lastStreamId = -1;

    @AfterEach
    void close() {
        fallback.shutdownNow();
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10_000);
    }

    @Test
    void theThreadThatDecodedARequestRunsItAndTheEventLoopReadsNothing() throws Exception {
        Map<Long, Thread> ranOn = new ConcurrentHashMap<>();
        connect(4, Duration.ofMinutes(1), (call, payload) -> {
            ranOn.put(call.streamId(), Thread.currentThread());
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        peer.read();
        for (int i = 0; i < 20; i++) {
            send(2L * i + 1, 16);
            long id = 2L * i + 1;
            // Until its answer is written too: the decoding thread is recorded by the calls in
            // flight rising across onData, which the previous answer leaving meanwhile would hide.
            LocalTrunk.waiting().until(() -> ranOn.containsKey(id) && server.activeCalls() == 0);
        }

        LocalTrunk.waiting().until(() -> answers().size() == 20);
        assertThat(ranOn).allSatisfy((id, thread) -> {
            assertThat(thread).isSameAs(decodedOn.get(id)).isIn(made);
        });
        assertThat(plugin.eventLoop().submit(() -> plugin.config().isAutoRead()).get()).isFalse();
    }

    @Test
    void readingGoesOnWhileEveryHandlerButOneIsBusy() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        connect(2, Duration.ofMinutes(1), (call, payload) -> {
            started.incrementAndGet();
            if (call.streamId() == 1) {
                // Held until a later request has been read, decoded and run on another thread.
                await(release);
            } else {
                release.countDown();
            }
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        peer.read();
        send(1, 16);
        LocalTrunk.waiting().until(() -> started.get() == 1);
        send(3, 16);

        LocalTrunk.waiting().until(() -> answers().size() == 2);
        assertThat(answers()).allSatisfy(r -> assertThat(r.getStatus().getCode()).isZero());
    }

    @Test
    void aHandlerAwaitingTheRuntimesAnswerHasItReadAtOnceNotWhenItRunsLong() throws Exception {
        connect(2, Duration.ofMinutes(1), (call, payload) -> {
            // Handing on only after a minute: the answer is read because the call asked for it.
            ByteString answer = client.call("test.Runtime", "Ask", ByteString.EMPTY, Duration.ofSeconds(30))
                    .get(20, TimeUnit.SECONDS);
            return CompletableFuture.completedFuture(ResponsePayload.of(answer));
        }, MuxPipeline.Settings.DEFAULTS.writeBufferHigh(), Duration.ofMinutes(1));
        peer.read();
        send(1, 16);
        LocalTrunk.waiting().until(() -> messages(ConnId.RUNTIME_SERVICE).size() == 1);
        Wire.Message asked = messages(ConnId.RUNTIME_SERVICE).get(0);
        peer.connection().writeAndFlush(Unpooled.wrappedBuffer(MuxWire.frame(ConnId.RUNTIME_SERVICE.wire(),
                Wire.message(asked.streamId(), Wire.RESPONSE, 0, ClientHarness.ok("from the runtime").toByteArray()))));

        LocalTrunk.waiting().until(() -> answers().size() == 1);
        assertThat(answers().get(0).getStatus().getCode()).isZero();
        assertThat(answers().get(0).getPayload().toStringUtf8()).isEqualTo("from the runtime");
    }

    @Test
    void noMoreHandlersRunAtOnceThanAllowedAndTheRestWaitTheirTurnInOrder() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Long> order = new CopyOnWriteArrayList<>();
        connect(1, Duration.ofMinutes(1), (call, payload) -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            order.add(call.streamId());
            await(release);
            running.decrementAndGet();
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        peer.read();
        for (int i = 0; i < 6; i++) {
            send(2L * i + 1, 16);
        }
        LocalTrunk.waiting().until(() -> server.activeCalls() == 6 && !order.isEmpty());
        assertThat(order).containsExactly(1L);
        release.countDown();

        LocalTrunk.waiting().until(() -> answers().size() == 6);
        assertThat(most).hasValue(1);
        assertThat(order).containsExactly(1L, 3L, 5L, 7L, 9L, 11L);
        assertThat(made).as("threads: the handler's and one reading").hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void aRuntimeThatStopsReadingStopsThePluginReadingUntilItReadsAgain() throws Exception {
        int high = 1 << 20;
        int payload = 256 * 1024;
        AtomicInteger echoes = new AtomicInteger();
        connect(4, Duration.ofMinutes(1), (call, bytes) -> {
            echoes.incrementAndGet();
            return CompletableFuture.completedFuture(ResponsePayload.of(bytes));
        }, high);
        for (int i = 0; i < 64; i++) {
            send(2L * i + 1, payload);
        }

        LocalTrunk.waiting().until(() -> !plugin.isWritable() && server.activeCalls() == 0);
        long held = plugin.eventLoop().submit(() -> plugin.unsafe().outboundBuffer().totalPendingWriteBytes()).get();
        assertThat(held).as("answers held for the runtime")
                .isLessThanOrEqualTo(high + (long) TtrpcServerEndpoint.DEFAULT_MAX_IN_FLIGHT * (payload + 64));
        assertThat(echoes).as("requests read while the runtime read nothing").hasValueLessThan(64);

        peer.read();

        LocalTrunk.waiting().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> answers().size() == 64);
        assertThat(answers()).allSatisfy(r -> assertThat(r.getStatus().getCode())
                .isIn(0, StatusCode.RESOURCE_EXHAUSTED.wire()));
        assertThat(echoes).hasValue((int) answers().stream().filter(r -> r.getStatus().getCode() == 0).count());
    }

    @Test
    void aFrameStartedAndNeverFinishedClosesTheTrunkAfterTheStallTimeout() throws Exception {
        connect(2, Duration.ofMillis(300), (call, payload) -> CompletableFuture.completedFuture(ResponsePayload.EMPTY));
        Channel runtime = peer.connection();
        runtime.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 1, 0, 0, 1, 0, 1, 2}));

        assertThat(closed.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(closedWith.get()).hasMessageContaining("part of a frame, then nothing for 300 ms");
        LocalTrunk.waiting().until(() -> made.stream().noneMatch(Thread::isAlive));
    }

    @Test
    void theRuntimeHangingUpEndsTheTrunkAndEveryThreadOfIt() throws Exception {
        connect(4, Duration.ofMinutes(1), TrunkReaderSocketTests::echo);
        peer.read();
        send(1, 16);
        LocalTrunk.waiting().until(() -> answers().size() == 1);

        peer.connection().close().syncUninterruptibly();

        assertThat(closed.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(closedWith.get()).isNull();
        LocalTrunk.waiting().until(() -> made.stream().noneMatch(Thread::isAlive));
    }

    @Test
    void closingTheTrunkEndsEveryThreadOfIt() throws Exception {
        connect(4, Duration.ofMinutes(1), TrunkReaderSocketTests::echo);
        peer.read();
        send(1, 16);
        LocalTrunk.waiting().until(() -> answers().size() == 1);

        plugin.close().syncUninterruptibly();

        LocalTrunk.waiting().until(() -> made.stream().noneMatch(Thread::isAlive));
        assertThat(Set.copyOf(made)).isNotEmpty();
    }

    private void connect(int handlers, Duration stall, MethodHandler handler) throws Exception {
        connect(handlers, stall, handler, MuxPipeline.Settings.DEFAULTS.writeBufferHigh());
    }

    private void connect(int handlers, Duration stall, MethodHandler handler, int high) throws Exception {
        connect(handlers, stall, handler, high, TrunkReader.HAND_ON_AFTER);
    }

    private void connect(int handlers, Duration stall, MethodHandler handler, int high, Duration handOnAfter)
            throws Exception {
        DomainSocketAddress address = new DomainSocketAddress(dir.resolve("nri.sock").toString());
        peer = new RecordingSocketPeer(group, address);
        AtomicInteger count = new AtomicInteger();
        plugin = new Bootstrap().group(group).channel(EpollDomainSocketChannel.class)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        TrunkReader reader = new TrunkReader(ch, fallback, task -> {
                            Thread thread = new Thread(task, "reader-" + count.incrementAndGet());
                            thread.setDaemon(true);
                            made.add(thread);
                            return thread;
                        }, handlers, handOnAfter);
                        TtrpcClientEndpoint toRuntime = new TtrpcClientEndpoint(ch, ConnId.RUNTIME_SERVICE,
                                reader::ensureReading);
                        client = new TtrpcClient(toRuntime, fallback);
                        server = new TtrpcServerEndpoint(ch, ConnId.PLUGIN_SERVICE, reader,
                                List.of(new TtrpcService("test.Echo", Map.of("Echo", handler))));
                        MuxEndpoint recording = new MuxEndpoint() {
                            @Override
                            public void onData(ByteBuf bytes) {
                                int before = server.activeCalls();
                                server.onData(bytes);
                                if (server.activeCalls() > before) {
                                    decodedOn.put(lastStreamId(), Thread.currentThread());
                                }
                            }

                            @Override
                            public void onClose(Throwable cause) {
                                server.onClose(cause);
                            }

                            @Override
                            public boolean isPartial() {
                                return server.isPartial();
                            }
                        };
                        Map<ConnId, MuxEndpoint> endpoints = Map.of(ConnId.PLUGIN_SERVICE, recording,
                                ConnId.RUNTIME_SERVICE, toRuntime);
                        MuxPipeline.install(ch, endpoints, cause -> {
                            closedWith.set(cause);
                            closed.countDown();
                        }, new MuxPipeline.Settings(high, stall), reader);
                    }
                })
                .connect(address).syncUninterruptibly().channel();
    }

    /** The stream id of the request the test sent last: requests are decoded one per send. */
    private long lastStreamId() {
        return lastStreamId;
    }

    private void send(long streamId, int payloadBytes) throws Exception {
        lastStreamId = streamId;
        byte[] request = Request.newBuilder().setService("test.Echo").setMethod("Echo")
                .setPayload(ByteString.copyFrom(new byte[payloadBytes])).build().toByteArray();
        peer.connection().writeAndFlush(Unpooled.wrappedBuffer(MuxWire.frame(ConnId.PLUGIN_SERVICE.wire(),
                Wire.message(streamId, Wire.REQUEST, 0, request))));
    }

    private List<Response> answers() throws Exception {
        List<Response> answers = new ArrayList<>();
        for (Wire.Message m : messages(ConnId.PLUGIN_SERVICE)) {
            answers.add(Response.parseFrom(m.data()));
        }
        return answers;
    }

    private List<Wire.Message> messages(ConnId conn) {
        return Wire.messages(Wire.frames(peer.received()).stream().filter(f -> f.conn() == conn.wire()).toList());
    }

    private static CompletableFuture<ResponsePayload> echo(ServerCall call, ByteString payload) {
        return CompletableFuture.completedFuture(ResponsePayload.of(payload));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
