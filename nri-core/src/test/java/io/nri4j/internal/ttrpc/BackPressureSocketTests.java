package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.netty.bootstrap.Bootstrap;
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
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.mux.RecordingSocketPeer;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real Unix socket, a runtime that stops reading: the plugin stops reading its requests
 * once its answers pile up, so what it holds stays near the write watermark instead of growing
 * with every request the runtime pipelines.
 */
@Timeout(60)
class BackPressureSocketTests {

    private static final int HIGH = 1 << 20;
    private static final int REQUESTS = 64;
    private static final int PAYLOAD = 256 * 1024;
    /** Frame and message headers, the response's own fields and the outbound buffer's per-entry count. */
    private static final int ANSWER_OVERHEAD = 256;

    @TempDir
    Path dir;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("socket-io", true),
            EpollIoHandler.newFactory());
    private final ExecutorService handlers = Executors.newFixedThreadPool(4, new DefaultThreadFactory("handler", true));
    private final AtomicInteger echoes = new AtomicInteger();
    private RecordingSocketPeer peer;

    @AfterEach
    void close() {
        handlers.shutdownNow();
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10_000);
    }

    @Test
    void aRuntimeThatStopsReadingStopsThePluginReadingAndItHoldsNoMoreThanTheWatermarkAndItsCallsInFlight()
            throws Exception {
        DomainSocketAddress address = new DomainSocketAddress(dir.resolve("nri.sock").toString());
        peer = new RecordingSocketPeer(group, address);
        TtrpcServerEndpoint[] server = new TtrpcServerEndpoint[1];
        Channel plugin = new Bootstrap().group(group).channel(EpollDomainSocketChannel.class)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        server[0] = new TtrpcServerEndpoint(ch, ConnId.PLUGIN_SERVICE, handlers,
                                List.of(new TtrpcService("test.Echo", Map.of("Echo", (call, payload) -> {
                                    echoes.incrementAndGet();
                                    return CompletableFuture.completedFuture(ResponsePayload.of(payload));
                                }))));
                        MuxPipeline.install(ch, Map.of(ConnId.PLUGIN_SERVICE, server[0]), cause -> { },
                                new MuxPipeline.Settings(HIGH, Duration.ofMinutes(1)));
                    }
                })
                .connect(address).syncUninterruptibly().channel();
        Channel runtime = peer.connection();

        for (int i = 0; i < REQUESTS; i++) {
            byte[] request = Request.newBuilder().setService("test.Echo").setMethod("Echo")
                    .setPayload(ByteString.copyFrom(new byte[PAYLOAD])).build().toByteArray();
            runtime.writeAndFlush(Unpooled.wrappedBuffer(MuxWire.frame(ConnId.PLUGIN_SERVICE.wire(),
                    Wire.message(2L * i + 1, Wire.REQUEST, 0, request))));
        }

        LocalTrunk.waiting().until(() -> plugin.eventLoop().submit(() -> !plugin.config().isAutoRead()
                && !plugin.isWritable() && server[0].activeCalls() == 0).get());
        long held = plugin.eventLoop().submit(() -> plugin.unsafe().outboundBuffer().totalPendingWriteBytes()).get();
        // The answer that crosses the watermark is queued whole, and every call in flight then
        // (one may have taken the crossing call's place) answers too; requests decoded from bytes
        // already read are refused in a few bytes each. Without the pause, all 64 answers: 16 MiB.
        long bound = HIGH + (TtrpcServerEndpoint.DEFAULT_MAX_IN_FLIGHT + 1L) * (PAYLOAD + ANSWER_OVERHEAD)
                + (long) REQUESTS * ANSWER_OVERHEAD;
        assertThat(held).as("answers held for the runtime").isLessThanOrEqualTo(bound);
        assertThat(echoes).as("requests read while the runtime read nothing").hasValueLessThan(REQUESTS);

        peer.read();

        LocalTrunk.waiting().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> messages().size() == REQUESTS);
        // Every request is answered: echoed, or refused when it found the plugin's in-flight
        // limit taken (requests read in one burst can outrun the handler threads on a busy
        // machine; the limit is the bound working, not a failure of back-pressure).
        List<Response> answers = new ArrayList<>();
        for (Wire.Message m : messages()) {
            answers.add(Response.parseFrom(m.data()));
        }
        assertThat(answers).allSatisfy(r -> assertThat(r.getStatus().getCode())
                .isIn(0, StatusCode.RESOURCE_EXHAUSTED.wire()));
        assertThat(echoes).hasValue((int) answers.stream().filter(r -> r.getStatus().getCode() == 0).count());
        assertThat(echoes).as("requests echoed")
                .hasValueGreaterThanOrEqualTo(TtrpcServerEndpoint.DEFAULT_MAX_IN_FLIGHT);
        assertThat(plugin.eventLoop().submit(() -> plugin.config().isAutoRead()).get()).isTrue();
        plugin.close().syncUninterruptibly();
        peer.close();
    }

    private List<Wire.Message> messages() {
        return Wire.messages(Wire.frames(peer.received()));
    }
}
