package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxDemultiplexer;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxFrameDecoder;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deadlines. The client's to the nanosecond, on an {@link EmbeddedChannel} with frozen time: sound
 * because nothing there hands a task to the event loop from another thread. The server's on a
 * real event loop, as they run on the clock's own thread ({@link SlackTimer}).
 */
@Timeout(30)
class TtrpcDeadlineTests {

    private static final long DEADLINE_MS = 5_000;

    private final ExecutorService executor = Executors.newFixedThreadPool(1, new DefaultThreadFactory("exec", true));
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void close() throws InterruptedException {
        channel.finishAndReleaseAll();
        executor.shutdownNow();
        assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void serverAnswersDeadlineExceededOnceTimeoutNanoHasPassedAndInterruptsTheHandler() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        MethodHandler slow = (call, payload) -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return null;
        };
        long deadlineMs = 300;
        try (LocalTrunk<TtrpcServerEndpoint> trunk = LocalTrunk.open(ConnId.PLUGIN_SERVICE,
                ch -> new TtrpcServerEndpoint(ch, ConnId.PLUGIN_SERVICE, executor,
                        List.of(new TtrpcService("test.Slow", Map.of("Slow", slow)))))) {
            long sentAt = System.nanoTime();
            trunk.sendMessage(1, Wire.REQUEST, Request.newBuilder().setService("test.Slow").setMethod("Slow")
                    .setTimeoutNano(TimeUnit.MILLISECONDS.toNanos(deadlineMs)).build().toByteArray());
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

            Wire.Message answer = trunk.awaitMessage(1, 1);
            // Never early; late by up to the clock's slack, or more on a loaded machine.
            assertThat(System.nanoTime() - sentAt).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(deadlineMs));
            assertThat(Response.parseFrom(answer.data()).getStatus().getCode())
                    .isEqualTo(StatusCode.DEADLINE_EXCEEDED.wire());
            assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void clientFailsTheCallExactlyAtItsTimeoutAndDropsTheLateAnswer() {
        TtrpcClientEndpoint endpoint = new TtrpcClientEndpoint(channel, ConnId.RUNTIME_SERVICE);
        connect(ConnId.RUNTIME_SERVICE, endpoint);
        TtrpcClient client = new TtrpcClient(endpoint, executor);
        channel.freezeTime();

        CompletableFuture<ByteString> call = client.call("test.Svc", "M", ByteString.EMPTY,
                Duration.ofMillis(DEADLINE_MS));
        channel.runPendingTasks();
        assertThat(sent()).singleElement().extracting(Wire.Message::streamId).isEqualTo(1L);
        advance(DEADLINE_MS - 1);
        assertThat(call).isNotDone();
        advance(1);

        assertThat(ClientHarness.failure(call).code()).isEqualTo(StatusCode.DEADLINE_EXCEEDED);
        receive(ConnId.RUNTIME_SERVICE, 1, Wire.RESPONSE, ClientHarness.ok("late").toByteArray());
        channel.checkException();
        assertThat(channel.isActive()).isTrue();
    }

    private void connect(ConnId conn, MuxEndpoint endpoint) {
        channel.pipeline().addLast(new MuxFrameDecoder(), new MuxDemultiplexer(Map.of(conn, endpoint), cause -> { }));
    }

    private void receive(ConnId conn, long streamId, int type, byte[] data) {
        byte[] message = Wire.message(streamId, type, 0, data);
        channel.writeInbound(Unpooled.wrappedBuffer(MuxWire.frame(conn.wire(), message)));
    }

    private void advance(long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runPendingTasks();
    }

    /** Drains and releases what the endpoint wrote; the ttrpc messages in it. */
    private List<Wire.Message> sent() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (ByteBuf buf = channel.readOutbound(); buf != null; buf = channel.readOutbound()) {
            out.writeBytes(ByteBufUtil.getBytes(buf));
            buf.release();
        }
        return Wire.messages(Wire.frames(out.toByteArray()));
    }
}
