package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.ttrpc.ServerHarness.assertStatus;
import static io.nri4j.internal.ttrpc.ServerHarness.request;
import static io.nri4j.internal.ttrpc.Wire.REQUEST;
import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxLimits;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the server holds and sends when the runtime misbehaves: never more than its limits. */
@Timeout(30)
class TtrpcServerBoundsTests {

    private final ServerHarness server = new ServerHarness(8);

    @AfterEach
    void close() throws InterruptedException {
        server.close();
    }

    @Test
    void requestsBeyondTheInFlightLimitAreRefusedAndNotHeld() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        server.methods.put("Hold", (call, payload) -> {
            release.await();
            return CompletableFuture.completedFuture(ResponsePayload.of(payload));
        });
        server.maxInFlight = 3;
        server.serve();

        for (long id = 1; id <= 9; id += 2) {
            server.call(id, "Hold", "request " + id);
        }

        assertStatus(server.response(7), StatusCode.RESOURCE_EXHAUSTED, "too many requests in flight (limit 3)");
        assertStatus(server.response(9), StatusCode.RESOURCE_EXHAUSTED, "too many requests in flight (limit 3)");
        assertThat(server.trunk.onEventLoop(server.trunk.endpoint::activeCalls)).isEqualTo(3);
        release.countDown();
        assertThat(server.payload(1)).isEqualTo("request 1");
        assertThat(server.payload(5)).isEqualTo("request 5");
        server.call(11, "Hold", "after");
        assertThat(server.payload(11)).isEqualTo("after");
    }

    @Test
    void anErrorReplyEchoingAHugeNameIsShortenedAndTheConnectionServesOn() throws Exception {
        String name = "s".repeat(TtrpcLimits.MAX_DATA - 64);
        server.serve().send(1, request("Echo", "").toBuilder().setService(name).build());
        server.call(3, "Echo", "still here");

        Response response = server.response(1);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.UNIMPLEMENTED.wire());
        assertThat(response.getStatus().getMessage()).startsWith("service sss")
                .endsWith("more characters)").hasSizeLessThan(400);
        assertThat(server.payload(3)).isEqualTo("still here");
    }

    @Test
    void aHandlerFailureWithAHugeMessageIsAnsweredShortened() throws Exception {
        server.methods.put("Boom", (call, payload) -> {
            throw new IllegalStateException("x".repeat(5 << 20));
        });
        server.serve().call(1, "Boom", "");

        Response response = server.response(1);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.UNKNOWN.wire());
        assertThat(response.getStatus().getMessage()).startsWith("xxx").endsWith("more characters)")
                .hasSizeLessThanOrEqualTo(TtrpcStatus.MAX_MESSAGE + 40);
    }

    @Test
    void namesFromTheWireAreEscapedInErrorReplies() throws Exception {
        server.serve().send(1, request("Echo", "").toBuilder().setService("test.Nope\nforged line").build());
        server.call(3, "No\u001bpe", "");

        assertStatus(server.response(1), StatusCode.UNIMPLEMENTED, "service test.Nope\\nforged line");
        assertStatus(server.response(3), StatusCode.UNIMPLEMENTED, "method No\\x1bpe");
    }

    @Test
    void aFrameOfGarbageClosesTheConnectionAfterAFewReplies() throws Exception {
        server.serve();

        // Zeros read as empty messages on stream 0: a protocol violation every 10 bytes.
        server.trunk.send(MuxWire.frame(ConnId.PLUGIN_SERVICE.wire(), new byte[MuxLimits.MAX_PAYLOAD]));

        assertThat(server.trunk.trunkClosed()).succeedsWithin(LocalTrunk.WAIT)
                .satisfies(cause -> assertThat(cause).get().isInstanceOf(TtrpcCodecException.class));
        LocalTrunk.waiting().until(() -> !server.trunk.peer.isActive());
        assertThat(server.trunk.messages()).hasSize(TtrpcServerEndpoint.MAX_VIOLATIONS)
                .allSatisfy(m -> assertThat(Response.parseFrom(m.data()).getStatus().getCode())
                        .isEqualTo(StatusCode.INVALID_ARGUMENT.wire()));
    }

    @Test
    void aFewViolationsAreAnsweredAndTheConnectionServesOn() throws Exception {
        server.serve();

        for (int i = 0; i < TtrpcServerEndpoint.MAX_VIOLATIONS; i++) {
            server.trunk.sendMessage(2L * i, REQUEST, request("Echo", "").toByteArray());
        }
        server.call(1, "Echo", "fine");

        assertThat(server.payload(1)).isEqualTo("fine");
        assertThat(server.trunk.plugin.isActive()).isTrue();
    }

    @Test
    void aRefusedRequestIsAnsweredOnceAndItsHandlerNeverRuns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger holds = new AtomicInteger();
        server.methods.put("Hold", (call, payload) -> {
            holds.incrementAndGet();
            release.await();
            return null;
        });
        server.maxInFlight = 1;
        server.serve();

        server.send(1, request("Hold", ""));
        server.send(3, request("Hold", "").toBuilder().setTimeoutNano(TimeUnit.MILLISECONDS.toNanos(1)).build());

        assertThat(server.response(3).getStatus().getCode()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED.wire());
        release.countDown();
        assertThat(server.response(1).getStatus().getCode()).isZero();
        server.call(5, "Echo", "last");
        assertThat(server.payload(5)).isEqualTo("last");
        assertThat(server.trunk.onStream(3)).as("answers on the refused stream").hasSize(1);
        assertThat(holds).hasValue(1);
    }
}
