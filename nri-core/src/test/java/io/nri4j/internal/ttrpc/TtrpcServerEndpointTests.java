package io.nri4j.internal.ttrpc;

import static io.nri4j.internal.ttrpc.ServerHarness.SERVICE;
import static io.nri4j.internal.ttrpc.ServerHarness.assertStatus;
import static io.nri4j.internal.ttrpc.ServerHarness.request;
import static io.nri4j.internal.ttrpc.Wire.DATA;
import static io.nri4j.internal.ttrpc.Wire.REQUEST;
import static io.nri4j.internal.ttrpc.Wire.RESPONSE;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.ttrpc.proto.KeyValue;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the server answers, request by request, as the Go server would. */
@Timeout(30)
class TtrpcServerEndpointTests {

    private final ServerHarness server = new ServerHarness();

    @AfterEach
    void close() throws InterruptedException {
        server.close();
    }

    @Test
    void answersARequestWithWhatItsHandlerReturned() throws Exception {
        server.serve().call(1, "Echo", "ping");

        assertThat(server.payload(1)).isEqualTo("ping");
        assertThat(server.trunk.frames()).allSatisfy(f -> assertThat(f.conn()).isEqualTo(ConnId.PLUGIN_SERVICE.wire()));
    }

    @Test
    void successCarriesTheEmptyStatusAsGoSendsIt() {
        server.serve().call(1, "Echo", "");

        assertThat(server.trunk.awaitMessage(1).data()).containsExactly(0x0a, 0x00);
    }

    @Test
    void requestSplitIntoOneByteFramesIsServed() throws Exception {
        server.serve();
        byte[] message = Wire.message(1, REQUEST, 0, request("Echo", "in pieces").toByteArray());

        for (byte b : message) {
            server.trunk.send(MuxWire.frame(ConnId.PLUGIN_SERVICE.wire(), new byte[] {b}));
        }

        assertThat(server.payload(1)).isEqualTo("in pieces");
    }

    @Test
    void evenStreamIdIsInvalidArgument() throws Exception {
        server.serve().call(2, "Echo", "x");

        assertStatus(server.response(2), StatusCode.INVALID_ARGUMENT,
                "StreamID must be odd for client initiated streams");
        assertThat(server.echoes).hasValue(0);
    }

    @Test
    void reusedOrDecreasingStreamIdIsInvalidArgument() throws Exception {
        server.serve().call(5, "Echo", "first");
        assertThat(server.payload(5)).isEqualTo("first");

        server.call(5, "Echo", "again");
        server.call(3, "Echo", "older");
        server.call(7, "Echo", "newer");

        String reuse = "StreamID cannot be re-used and must increment";
        assertStatus(server.response(5, 2), StatusCode.INVALID_ARGUMENT, reuse);
        assertStatus(server.response(3), StatusCode.INVALID_ARGUMENT, reuse);
        assertThat(server.payload(7)).isEqualTo("newer");
        assertThat(server.echoes).hasValue(2);
    }

    @Test
    void dataMessageIsInvalidArgument() throws Exception {
        server.serve();

        server.trunk.sendMessage(1, DATA, request("Echo", "x").toByteArray());
        server.call(3, "Echo", "after");

        assertThat(server.response(1).getStatus().getCode()).isEqualTo(StatusCode.INVALID_ARGUMENT.wire());
        assertThat(server.payload(3)).isEqualTo("after");
        assertThat(server.echoes).hasValue(1);
    }

    @Test
    void evenStreamIdIsRefusedWhateverTheMessageType() throws Exception {
        server.serve();

        server.trunk.sendMessage(2, RESPONSE, Response.getDefaultInstance().toByteArray());

        assertStatus(server.response(2), StatusCode.INVALID_ARGUMENT,
                "StreamID must be odd for client initiated streams");
    }

    @Test
    void responsesAndUnknownTypesAreIgnored() throws Exception {
        server.serve();

        server.trunk.sendMessage(1, RESPONSE, Response.getDefaultInstance().toByteArray());
        server.trunk.sendMessage(1, 9, request("Echo", "x").toByteArray());
        server.call(1, "Echo", "request");

        assertThat(server.payload(1)).isEqualTo("request");
        assertThat(server.trunk.messages()).hasSize(1);
    }

    @Test
    void unknownServiceIsUnimplemented() throws Exception {
        server.serve().send(1, request("Echo", "").toBuilder().setService("test.Nope").build());

        assertStatus(server.response(1), StatusCode.UNIMPLEMENTED, "service test.Nope");
    }

    @Test
    void unknownMethodIsUnimplemented() throws Exception {
        server.serve().call(1, "Nope", "");

        assertStatus(server.response(1), StatusCode.UNIMPLEMENTED, "method Nope");
    }

    @Test
    void undecodableEnvelopeIsInvalidArgument() throws Exception {
        server.serve().trunk.sendMessage(1, REQUEST, new byte[] {0x0a, 0x7f});

        Response response = server.response(1);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.INVALID_ARGUMENT.wire());
        assertThat(response.getStatus().getMessage()).startsWith("unmarshal request error");
    }

    @Test
    void oversizedRequestIsResourceExhaustedAndTheConnectionStillServes() throws Exception {
        server.serve().trunk.sendMessage(1, REQUEST, new byte[TtrpcLimits.MAX_DATA + 1]);
        server.call(3, "Echo", "still here");

        assertStatus(server.response(1), StatusCode.RESOURCE_EXHAUSTED,
                "message length 4194305 exceed maximum message size of 4194304");
        assertThat(server.payload(3)).isEqualTo("still here");
        assertThat(server.trunk.plugin.isActive()).isTrue();
    }

    @Test
    void handlerExceptionIsUnknownWithItsMessage() throws Exception {
        server.methods.put("Boom", (call, payload) -> {
            throw new RuntimeException("boom");
        });
        server.serve().call(1, "Boom", "");

        assertStatus(server.response(1), StatusCode.UNKNOWN, "boom");
    }

    @Test
    void handlerTtrpcExceptionKeepsItsStatusThrownOrInAStage() throws Exception {
        server.methods.put("Missing", (call, payload) -> {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.NOT_FOUND, "no such pod"));
        });
        server.methods.put("Denied", (call, payload) -> CompletableFuture.failedFuture(
                new TtrpcException(TtrpcStatus.of(StatusCode.PERMISSION_DENIED, "not yours"))));
        server.serve().call(1, "Missing", "");
        server.call(3, "Denied", "");

        assertStatus(server.response(1), StatusCode.NOT_FOUND, "no such pod");
        assertStatus(server.response(3), StatusCode.PERMISSION_DENIED, "not yours");
    }

    @Test
    void handlerReturningNoStageAnswersAnEmptySuccess() throws Exception {
        server.methods.put("Nothing", (call, payload) -> null);
        server.serve().call(1, "Nothing", "ignored");

        assertThat(server.payload(1)).isEmpty();
    }

    @Test
    void responseTooLargeToSendIsResourceExhausted() throws Exception {
        server.methods.put("Huge", (call, payload) -> CompletableFuture.completedFuture(
                ResponsePayload.of(ByteString.copyFrom(new byte[TtrpcLimits.MAX_DATA]))));
        server.serve().call(1, "Huge", "");

        Response response = server.response(1);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED.wire());
        assertThat(response.getPayload().isEmpty()).isTrue();
    }

    @Test
    void handlerSeesTheCallsMetadataAndDeadline() throws Exception {
        AtomicReference<ServerCall> seen = new AtomicReference<>();
        server.methods.put("Look", (call, payload) -> {
            seen.set(call);
            return null;
        });
        server.serve().send(3, request("Look", "").toBuilder()
                .setTimeoutNano(TimeUnit.SECONDS.toNanos(30))
                .addMetadata(KeyValue.newBuilder().setKey("a").setValue("1"))
                .addMetadata(KeyValue.newBuilder().setKey("b").setValue("2"))
                .addMetadata(KeyValue.newBuilder().setKey("a").setValue("3"))
                .build());

        assertStatus(server.response(3), StatusCode.OK, "");
        ServerCall call = seen.get();
        assertThat(call.fullMethod()).isEqualTo(SERVICE + "/Look");
        assertThat(call.streamId()).isEqualTo(3);
        assertThat(call.timeoutNanos()).isEqualTo(TimeUnit.SECONDS.toNanos(30));
        assertThat(call.timeRemaining()).isPositive();
        assertThat(call.metadata()).isEqualTo(Map.of("a", List.of("1", "3"), "b", List.of("2")));
    }
}
