package io.nri4j;

import com.google.protobuf.ByteString;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.StartContainerRequest;
import io.nri4j.api.v1alpha1.StateChangeEvent;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.internal.mux.MuxWire;
import io.nri4j.internal.ttrpc.proto.Request;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the committed seed corpus of the fuzz tests: well-formed traffic for each target,
 * plus the malformed shapes the unit tests name, for the fuzzer to mutate from. Run from
 * {@code nri-core} after changing it:
 * {@code ../mvnw -q test-compile exec:java -Dexec.mainClass=io.nri4j.FuzzSeeds -Dexec.classpathScope=test}
 */
public final class FuzzSeeds {

    private static final Path RESOURCES = Path.of("src/test/resources/io/nri4j");
    private static final String PLUGIN = "nri.pkg.api.v1alpha1.Plugin";
    private static final PodSandbox POD = PodSandbox.newBuilder().setId("pod-1").setName("web").setNamespace("default")
            .putAnnotations("example.com/key", "value").build();
    private static final Container CTR = Container.newBuilder().setId("ctr-1").setPodSandboxId("pod-1")
            .setName("app").addEnv("A=B").build();

    private FuzzSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path mux = RESOURCES.resolve("internal/mux/MuxFrameDecoderFuzzTestsInputs/decode");
        write(mux, "two-conns-by-the-byte",
                concat(new byte[] {0}, MuxWire.frame(1, bytes("hello")), MuxWire.frame(2, bytes("world"))));
        write(mux, "empty-and-unknown-conn-in-threes", concat(new byte[] {2}, MuxWire.frame(1, new byte[0]),
                MuxWire.frame(7, bytes("abc")), MuxWire.frame(2, bytes("0123456789"))));
        write(mux, "reserved-conn", concat(new byte[] {15}, MuxWire.frame(0, bytes("x"))));
        write(mux, "oversized-header", concat(new byte[] {1}, MuxWire.frame(1, 0x0040_000bL, new byte[0])));
        write(mux, "truncated-payload", concat(new byte[] {3}, MuxWire.frame(2, 100, bytes("short"))));
        write(mux, "register-plugin", concat(new byte[] {4}, MuxWire.frame(2, message(1, 1,
                request("nri.pkg.api.v1alpha1.Runtime", "RegisterPlugin", Empty.getDefaultInstance())))));

        Path ttrpc = RESOURCES.resolve("internal/ttrpc/TtrpcDecoderFuzzTestsInputs/decode");
        write(ttrpc, "one-request", concat(new byte[] {0}, message(1, 1, request(PLUGIN, "Configure", configure()))));
        write(ttrpc, "two-messages-by-the-byte", concat(new byte[] {0}, message(1, 1, bytes("first")),
                message(3, 2, bytes("second"))));
        write(ttrpc, "empty-data", concat(new byte[] {7}, message(5, 1, new byte[0])));
        write(ttrpc, "oversized", concat(new byte[] {31}, header(0x0040_0001L, 1, 1), bytes("not all of it")));
        write(ttrpc, "truncated", concat(new byte[] {9}, header(50, 1, 1), bytes("half")));

        Path dispatch = RESOURCES.resolve("stub/DispatchFuzzTestsInputs/dispatch");
        write(dispatch, "configure", call(1, "Configure", configure()));
        write(dispatch, "configure-then-split-sync", concat(call(1, "Configure", configure()),
                call(3, "Synchronize", SynchronizeRequest.newBuilder().addPods(POD).setMore(true).build()),
                call(5, "Synchronize", SynchronizeRequest.newBuilder().addContainers(CTR).build())));
        write(dispatch, "start-container", call(1, "StartContainer",
                StartContainerRequest.newBuilder().setPod(POD).setContainer(CTR).build()));
        write(dispatch, "create-container-unhandled", call(1, "CreateContainer",
                CreateContainerRequest.newBuilder().setPod(POD).setContainer(CTR).build()));
        write(dispatch, "state-change", call(1, "StateChange",
                StateChangeEvent.newBuilder().setEvent(Event.START_CONTAINER).setPod(POD).setContainer(CTR).build()));
        write(dispatch, "validate", call(1, "ValidateContainerAdjustment",
                ValidateContainerAdjustmentRequest.newBuilder().setPod(POD).setContainer(CTR).build()));
        write(dispatch, "shutdown", call(1, "Shutdown", ShutdownRequest.newBuilder().setReason("bye").build()));
        write(dispatch, "unknown-service-and-method", concat(
                message(1, 1, request("nri.pkg.api.v1alpha1.Nope", "Configure", Empty.getDefaultInstance())),
                call(3, "Nope", Empty.getDefaultInstance())));
        write(dispatch, "even-then-reused-stream-ids", concat(call(2, "Configure", configure()),
                call(5, "Configure", configure()), call(5, "Configure", configure())));
        write(dispatch, "data-message", message(1, 3, request(PLUGIN, "Configure", configure())));
        write(dispatch, "sync-with-deadline", message(1, 1, Request.newBuilder().setService(PLUGIN)
                .setMethod("Synchronize").setTimeoutNano(2_000_000_000L)
                .setPayload(SynchronizeRequest.newBuilder().addPods(POD).build().toByteString())
                .build().toByteArray()));
    }

    private static ConfigureRequest configure() {
        return ConfigureRequest.newBuilder().setRuntimeName("containerd").setRuntimeVersion("v2.1.3")
                .setNRIVersion("v0.10.0").setRequestTimeout(2000).build();
    }

    private static byte[] call(long streamId, String method, MessageLite payload) {
        return message(streamId, 1, request(PLUGIN, method, payload));
    }

    private static byte[] request(String service, String method, MessageLite payload) {
        return Request.newBuilder().setService(service).setMethod(method)
                .setPayload(ByteString.copyFrom(payload.toByteArray())).build().toByteArray();
    }

    private static byte[] message(long streamId, int type, byte[] data) {
        return concat(header(data.length, streamId, type), data);
    }

    private static byte[] header(long length, long streamId, int type) {
        return ByteBuffer.allocate(10).putInt((int) length).putInt((int) streamId).put((byte) type).put((byte) 0)
                .array();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static void write(Path dir, String name, byte[] seed) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), seed);
    }
}
