package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.ttrpc.ClientHarness.SERVICE;
import static io.nri4j.internal.ttrpc.ClientHarness.failure;
import static io.nri4j.internal.ttrpc.ClientHarness.ok;
import static io.nri4j.internal.ttrpc.ClientHarness.utf8;
import static io.nri4j.internal.ttrpc.Wire.DATA;
import static io.nri4j.internal.ttrpc.Wire.RESPONSE;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.nri4j.internal.ttrpc.proto.Response;
import io.nri4j.internal.ttrpc.proto.Status;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every way a client call ends in a {@link TtrpcException}, and what each leaves behind. */
@Timeout(30)
class TtrpcClientFailureTests {

    private final ClientHarness runtime = new ClientHarness();

    @AfterEach
    void close() throws InterruptedException {
        runtime.close();
    }

    @Test
    void failureStatusBecomesATtrpcExceptionWithItsCodeAndMessage() {
        CompletableFuture<ByteString> missing = runtime.call("A");
        CompletableFuture<ByteString> strange = runtime.call("B");
        runtime.trunk.awaitMessages(2);

        runtime.respond(1, failed(5, "pod not found"));
        runtime.respond(3, failed(99, "??"));

        assertThat(failure(missing).status()).isEqualTo(TtrpcStatus.of(StatusCode.NOT_FOUND, "pod not found"));
        assertThat(failure(strange).code()).isEqualTo(StatusCode.UNKNOWN);
    }

    @Test
    void timedOutCallFailsWithDeadlineExceededAndItsLateResponseIsDropped() {
        CompletableFuture<ByteString> slow =
                runtime.client.call(SERVICE, "Slow", ByteString.EMPTY, Duration.ofMillis(50));

        TtrpcException timeout = failure(slow);
        assertThat(timeout.code()).isEqualTo(StatusCode.DEADLINE_EXCEEDED);
        assertThat(timeout.status().message()).contains(SERVICE + "/Slow");

        runtime.respond(1, ok("late"));
        CompletableFuture<ByteString> next = runtime.call("Next");
        runtime.trunk.awaitMessage(3);
        runtime.respond(3, ok("next"));
        assertThat(next).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("next"));
        assertThat(runtime.trunk.plugin.isActive()).isTrue();
    }

    @Test
    void dataMessageForAPendingCallIsInternal() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.trunk.sendMessage(1, DATA, ok("data").toByteArray());

        assertThat(failure(pending).code()).isEqualTo(StatusCode.INTERNAL);
    }

    @Test
    void unreadableResponseIsInternal() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.trunk.sendMessage(1, RESPONSE, new byte[] {0x0a, 0x7f});

        assertThat(failure(pending).code()).isEqualTo(StatusCode.INTERNAL);
    }

    @Test
    void oversizedResponseFailsItsCallWithResourceExhausted() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        CompletableFuture<ByteString> next = runtime.call("B");
        runtime.trunk.awaitMessages(2);

        runtime.trunk.sendMessage(1, RESPONSE, new byte[TtrpcLimits.MAX_DATA + 1]);
        runtime.respond(3, ok("fine"));

        assertThat(failure(pending).code()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED);
        assertThat(next).succeedsWithin(LocalTrunk.WAIT).isEqualTo(utf8("fine"));
    }

    @Test
    void oversizedRequestFailsLocallyAndWritesNothing() throws Exception {
        CompletableFuture<ByteString> huge = runtime.client.call(SERVICE, "Huge",
                ByteString.copyFrom(new byte[TtrpcLimits.MAX_DATA]), null);

        assertThat(huge).isCompletedExceptionally();
        assertThat(failure(huge).code()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED);
        runtime.call("Small");
        assertThat(runtime.request(1).getMethod()).isEqualTo("Small");
        assertThat(runtime.trunk.messages()).hasSize(1);
    }

    @Test
    void closingTheTrunkFailsPendingAndLaterCallsWithUnavailable() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.trunk.plugin.close().syncUninterruptibly();

        assertThat(failure(pending).code()).isEqualTo(StatusCode.UNAVAILABLE);
        assertThat(failure(runtime.call("B")).code()).isEqualTo(StatusCode.UNAVAILABLE);
    }

    @Test
    void runtimeHangingUpFailsPendingCallsWithUnavailable() {
        CompletableFuture<ByteString> pending = runtime.call("A");
        runtime.trunk.awaitMessage(1);

        runtime.trunk.peer.close().syncUninterruptibly();

        assertThat(failure(pending).code()).isEqualTo(StatusCode.UNAVAILABLE);
    }

    private static Response failed(int code, String message) {
        return Response.newBuilder().setStatus(Status.newBuilder().setCode(code).setMessage(message)).build();
    }
}
