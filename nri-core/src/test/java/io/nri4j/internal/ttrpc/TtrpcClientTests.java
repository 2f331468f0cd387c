package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.ttrpc.ClientHarness.SERVICE;
import static io.nri4j.internal.ttrpc.ClientHarness.failure;
import static io.nri4j.internal.ttrpc.ClientHarness.ok;
import static io.nri4j.internal.ttrpc.ClientHarness.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.ttrpc.proto.KeyValue;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link TtrpcClient} and {@link TtrpcClientEndpoint}: what goes on the wire and which call an answer completes. */
@Timeout(30)
class TtrpcClientTests {

    private final ClientHarness runtime = new ClientHarness();
    private final TtrpcClient client = runtime.client;

    @AfterEach
    void close() throws InterruptedException {
        runtime.close();
    }

    @Test
    void requestCarriesServiceMethodPayloadAndTimeout() throws Exception {
        client.call(SERVICE, "RegisterPlugin", utf8("hello"), Duration.ofSeconds(5));
        client.call(SERVICE, "UpdateContainers", ByteString.EMPTY, null);

        assertThat(runtime.request(1)).isEqualTo(Request.newBuilder().setService(SERVICE)
                .setMethod("RegisterPlugin").setPayload(utf8("hello")).setTimeoutNano(5_000_000_000L).build());
        assertThat(runtime.request(3)).isEqualTo(Request.newBuilder().setService(SERVICE)
                .setMethod("UpdateContainers").build());
        assertThat(runtime.trunk.frames())
                .allSatisfy(f -> assertThat(f.conn()).isEqualTo(ConnId.RUNTIME_SERVICE.wire()));
    }

    @Test
    void streamIdsAreOddAndIncreasingInCallOrderAcrossThreads() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < 8; i++) {
                String method = "m" + i;
                callers.submit(() -> runtime.call(method)).get(10, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdown();
        }

        List<Wire.Message> sent = runtime.trunk.awaitMessages(8);
        assertThat(sent).extracting(Wire.Message::streamId).containsExactly(1L, 3L, 5L, 7L, 9L, 11L, 13L, 15L);
        assertThat(sent).extracting(m -> Request.parseFrom(m.data()).getMethod())
                .containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7");
    }

    @Test
    void concurrentCallersGetIdsThatReachTheWireOddAndIncreasing() throws Exception {
        int threads = 8;
        int perThread = 50;
        Map<String, CompletableFuture<ByteString>> calls = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(callers.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        String method = thread + "-" + i;
                        calls.put(method, runtime.call(method));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(10, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdown();
        }

        List<Wire.Message> sent = runtime.trunk.awaitMessages(threads * perThread);
        List<String> methods = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            assertThat(sent.get(i).streamId()).as("stream id #%d on the wire", i).isEqualTo(2L * i + 1);
            methods.add(Request.parseFrom(sent.get(i).data()).getMethod());
        }
        for (int t = 0; t < threads; t++) {
            String prefix = t + "-";
            assertThat(methods.stream().filter(m -> m.startsWith(prefix)).toList())
                    .as("thread %d's calls, in its order", t)
                    .isEqualTo(IntStream.range(0, perThread).mapToObj(i -> prefix + i).toList());
        }
        for (int i = sent.size() - 1; i >= 0; i--) {
            runtime.respond(sent.get(i).streamId(), ok(methods.get(i)));
        }
        calls.forEach((method, call) ->
                assertThat(call).as(method).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8(method)));
    }

    @Test
    void outOfOrderResponsesCompleteTheRightCalls() {
        CompletableFuture<ByteString> a = runtime.call("A");
        CompletableFuture<ByteString> b = runtime.call("B");
        CompletableFuture<ByteString> c = runtime.call("C");
        runtime.trunk.awaitMessages(3);

        runtime.respond(5, ok("for C"));
        runtime.respond(1, ok("for A"));
        runtime.respond(3, ok("for B"));

        assertThat(a).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("for A"));
        assertThat(b).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("for B"));
        assertThat(c).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("for C"));
    }

    @Test
    void responseWithoutStatusIsSuccess() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.respond(1, Response.newBuilder().setPayload(utf8("fine")).build());

        assertThat(pending).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("fine"));
    }

    @Test
    void responseOnAnUnknownStreamIsDropped() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.respond(7, ok("stray"));
        runtime.respond(2, ok("stray"));
        runtime.respond(1, ok("real"));

        assertThat(pending).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("real"));
        assertThat(runtime.trunk.plugin.isActive()).isTrue();
        assertThat(runtime.trunk.trunkClosed()).isNotDone();
    }

    @Test
    void futuresCompleteOnTheExecutorNeverOnTheEventLoop() {
        AtomicReference<Thread> succeeded = new AtomicReference<>();
        AtomicReference<Thread> failed = new AtomicReference<>();
        runtime.call("A").whenComplete((v, e) -> succeeded.set(Thread.currentThread()));
        client.call(SERVICE, "B", ByteString.EMPTY, Duration.ofMillis(20))
                .whenComplete((v, e) -> failed.set(Thread.currentThread()));
        runtime.trunk.awaitMessage(1);

        runtime.respond(1, ok("done"));

        LocalTrunk.waiting().until(() -> succeeded.get() != null && failed.get() != null);
        for (Thread thread : List.of(succeeded.get(), failed.get())) {
            assertThat(thread.getName()).startsWith("client-");
            assertThat(runtime.trunk.plugin.eventLoop().inEventLoop(thread)).isFalse();
        }
    }

    @Test
    void typedCallParsesTheResponseOrFailsInternal() {
        KeyValue request = KeyValue.newBuilder().setKey("k").setValue("v").build();
        CompletableFuture<KeyValue> good = client.call(SERVICE, "Typed", request, KeyValue.parser(), null);
        CompletableFuture<KeyValue> bad = client.call(SERVICE, "Typed", request, KeyValue.parser(), null);
        runtime.trunk.awaitMessages(2);

        runtime.respond(1, Response.newBuilder().setPayload(request.toByteString()).build());
        runtime.respond(3, Response.newBuilder().setPayload(ByteString.copyFrom(new byte[] {0x0a, 0x7f})).build());

        assertThat(good).succeedsWithin(LocalTrunk.WAIT).isEqualTo(request);
        assertThat(failure(bad).code()).isEqualTo(StatusCode.INTERNAL);
    }
}
