package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.ttrpc.ServerHarness.assertStatus;
import static io.nri4j.internal.ttrpc.ServerHarness.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Where handlers run, how their answers come back, and what deadlines and closing do to them. */
@Timeout(30)
class TtrpcServerEndpointThreadingTests {

    private static final long DEADLINE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private ServerHarness server = new ServerHarness();
    private final CountDownLatch never = new CountDownLatch(1);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final AtomicBoolean started = new AtomicBoolean();

    @AfterEach
    void close() throws InterruptedException {
        server.close();
    }

    @Test
    void handlersRunOnTheExecutorNeverOnTheEventLoop() throws Exception {
        AtomicReference<Thread> ran = new AtomicReference<>();
        server.methods.put("Where", (call, payload) -> {
            ran.set(Thread.currentThread());
            return null;
        });
        server.serve().call(1, "Where", "");
        server.response(1);

        assertThat(ran.get().getName()).startsWith("handler-");
        assertThat(server.trunk.plugin.eventLoop().inEventLoop(ran.get())).isFalse();
    }

    @Test
    void handlerPastItsDeadlineIsAnsweredDeadlineExceededAndInterrupted() throws Exception {
        server.close();
        server = new ServerHarness(1);
        server.methods.put("Slow", this::blockUntilInterrupted);
        server.serve().send(1, request("Slow", "").toBuilder().setTimeoutNano(DEADLINE_NANOS).build());

        assertStatus(server.response(1), StatusCode.DEADLINE_EXCEEDED, "context deadline exceeded");
        // One handler thread: the next call runs only once the interrupted one has ended.
        server.call(3, "Echo", "next");
        assertThat(server.payload(3)).isEqualTo("next");
        // On a busy machine the deadline can pass before the handler's thread picks it up: then it
        // never runs, which is right too. A handler that did run was interrupted.
        if (started.get()) {
            assertThat(interrupted.getCount()).as("handler interrupted").isZero();
        }
        assertThat(server.trunk.onStream(1)).as("answers on stream 1").hasSize(1);
    }

    @Test
    void stageStillPendingAtTheDeadlineIsCancelled() throws Exception {
        CompletableFuture<ResponsePayload> stage = new CompletableFuture<>();
        server.methods.put("Async", (call, payload) -> stage);
        server.serve().send(1, request("Async", "").toBuilder().setTimeoutNano(DEADLINE_NANOS).build());

        assertStatus(server.response(1), StatusCode.DEADLINE_EXCEEDED, "context deadline exceeded");
        LocalTrunk.waiting().until(stage::isCancelled);
        server.call(3, "Echo", "next");
        assertThat(server.payload(3)).isEqualTo("next");
        assertThat(server.trunk.onStream(1)).hasSize(1);
    }

    @Test
    void stageCompletedAfterTheHandlerReturnedIsAnsweredThen() throws Exception {
        CompletableFuture<ResponsePayload> stage = new CompletableFuture<>();
        server.methods.put("Async", (call, payload) -> stage);
        server.serve().call(1, "Async", "");
        server.call(3, "Echo", "meanwhile");
        assertThat(server.payload(3)).isEqualTo("meanwhile");
        assertThat(server.trunk.onStream(1)).isEmpty();

        stage.complete(ResponsePayload.of(ByteString.copyFromUtf8("later")));

        assertThat(server.payload(1)).isEqualTo("later");
    }

    @Test
    void concurrentCallsAreAnsweredAsTheyFinish() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        server.methods.put("Slow", (call, payload) -> {
            release.await();
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        server.serve().call(1, "Slow", "first");
        server.call(3, "Echo", "second");

        assertThat(server.payload(3)).isEqualTo("second");
        assertThat(server.trunk.onStream(1)).isEmpty();
        release.countDown();
        assertThat(server.payload(1)).isEqualTo("first");
        assertThat(server.trunk.messages()).extracting(Wire.Message::streamId).containsExactly(3L, 1L);
    }

    @Test
    void callsStillRunningWhenTheRuntimeHangsUpAreInterrupted() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        server.methods.put("Slow", (call, payload) -> {
            started.countDown();
            return blockUntilInterrupted(call, payload);
        });
        server.serve().call(1, "Slow", "");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        server.trunk.peer.close().syncUninterruptibly();

        assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("handler interrupted").isTrue();
        assertThat(server.trunk.trunkClosed()).succeedsWithin(LocalTrunk.WAIT).isEqualTo(Optional.empty());
    }

    @Test
    void idleActionWaitsForTheLastCallAndRunsOnceOnTheEventLoop() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger idle = new AtomicInteger();
        AtomicBoolean onLoop = new AtomicBoolean();
        server.methods.put("Slow", (call, payload) -> {
            release.await();
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        server.serve();
        TtrpcServerEndpoint endpoint = server.trunk.endpoint;

        server.call(1, "Slow", "");
        server.call(3, "Slow", "");
        LocalTrunk.waiting().until(() -> server.trunk.onEventLoop(endpoint::activeCalls), n -> n == 2);
        server.trunk.onEventLoop(() -> {
            endpoint.whenIdle(() -> {
                onLoop.set(server.trunk.plugin.eventLoop().inEventLoop());
                idle.incrementAndGet();
            });
            return null;
        });
        assertThat(idle).hasValue(0);
        release.countDown();

        server.trunk.awaitMessages(2);
        LocalTrunk.waiting().until(idle::get, n -> n == 1);
        assertThat(onLoop).isTrue();
        assertThat(endpoint.activeCalls()).isZero();
        server.call(5, "Slow", "");
        assertThat(server.payload(5)).isEmpty();
        assertThat(idle).as("ran once, not again at the next call's end").hasValue(1);
    }

    @Test
    void idleActionRunsOnTheLoopsNextTurnWhenNoCallIsInFlight() throws Exception {
        server.serve();
        TtrpcServerEndpoint endpoint = server.trunk.endpoint;
        AtomicInteger idle = new AtomicInteger();

        int atOnce = server.trunk.onEventLoop(() -> {
            endpoint.whenIdle(idle::incrementAndGet);
            return idle.get();
        });

        // After the tasks already queued, such as an answer another thread wrote through the channel.
        assertThat(atOnce).isZero();
        LocalTrunk.waiting().until(idle::get, n -> n == 1);
    }

    private CompletableFuture<ResponsePayload> blockUntilInterrupted(ServerCall call, ByteString payload)
            throws InterruptedException {
        started.set(true);
        try {
            never.await();
        } catch (InterruptedException e) {
            interrupted.countDown();
            throw e;
        }
        return CompletableFuture.completedFuture(ResponsePayload.of(payload));
    }
}
