package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Empty;
import com.google.protobuf.UnknownFieldSet;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A plugin with no Synchronize handler counts what a Synchronize carries instead of building it. */
class SyncWithoutHandlerTests {

    private DispatchHarness plugin;

    @AfterEach
    void close() {
        if (plugin != null) {
            plugin.close();
        }
    }

    /** A plugin with one lifecycle handler and none for Synchronize. */
    private static NriPlugin.Builder withoutSynchronize() {
        return NriPlugin.builder().name("sync").index("10").onStartContainer((request, context) -> { })
                .environment(Map.of());
    }

    @Test
    void withoutAHandlerThePodsOfASynchronizeAreNeverParsed() throws Exception {
        plugin = new DispatchHarness(withoutSynchronize());

        long id = plugin.call("Synchronize", synchronizeWithAnUnparsablePod(false));

        assertThat(plugin.response(id).getStatus().getCode()).isZero();
    }

    @Test
    void withAHandlerTheSamePodIsParsedAndRefused() throws Exception {
        plugin = new DispatchHarness(DispatchHarness.trivialPlugin().onSynchronize((request, context) -> List.of()));

        long id = plugin.call("Synchronize", synchronizeWithAnUnparsablePod(false));

        Response response = plugin.response(id);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.INTERNAL.wire());
        assertThat(response.getStatus().getMessage()).contains("cannot decode the Synchronize request");
    }

    @Test
    void withoutAHandlerASplitSynchronizeIsAnsweredPartByPartBeyondTheLimitsHoldingNothing() throws Exception {
        Limits tight = Limits.DEFAULTS.withMaxSyncPods(10).withMaxSyncContainers(10).withMaxSyncBytes(1024);
        plugin = new DispatchHarness(withoutSynchronize().limits(tight));

        long first = plugin.call("Synchronize", part(600, true));
        long second = plugin.call("Synchronize", part(600, false));

        assertThat(SynchronizeResponse.parseFrom(plugin.response(first).getPayload()).getMore()).isTrue();
        assertThat(plugin.response(second).getStatus().getCode()).isZero();
        assertThat(plugin.service.syncHeldBytes()).isZero();
    }

    @Test
    void withoutAHandlerTheLimitsDoNotApplyBecauseNothingIsHeld() {
        SyncCollector collector = new SyncCollector(Limits.DEFAULTS.withMaxSyncPods(1), false);
        SynchronizeRequest first = SynchronizeRequest.newBuilder().addPods(PodSandbox.newBuilder().setId("pod-1"))
                .addPods(PodSandbox.newBuilder().setId("pod-2")).setMore(true).build();

        collector.admit(first.toByteString());
        collector.add(first);

        assertThat(collector.heldBytes()).isZero();
        assertThat(collector.complete(SynchronizeRequest.getDefaultInstance()).pods()).isEqualTo(2);
    }

    @Test
    void theCountsOfASplitSynchronizeComeFromTheBytesWhetherOrNotItWasParsed() throws Exception {
        SyncCollector collector = new SyncCollector(Limits.DEFAULTS, false);
        SynchronizeRequest first = SynchronizeRequest.newBuilder()
                .addPods(PodSandbox.newBuilder().setId("pod-1")).addPods(PodSandbox.newBuilder().setId("pod-2"))
                .addContainers(Container.newBuilder().setId("ctr-1")).setMore(true).build();
        SynchronizeRequest last = SynchronizeRequest.newBuilder()
                .addContainers(Container.newBuilder().setId("ctr-2")).build();

        collector.admit(first.toByteString());
        SynchronizeRequest envelope = SyncPartReader.envelope(first.toByteString());
        collector.add(envelope);
        collector.admit(last.toByteString());
        SyncCollector.Joined joined = collector.complete(SyncPartReader.envelope(last.toByteString()));

        assertThat(envelope.getMore()).isTrue();
        assertThat(envelope.getPodsCount()).isZero();
        assertThat(joined.pods()).isEqualTo(2);
        assertThat(joined.containers()).isEqualTo(2);
        assertThat(collector.heldBytes()).isZero();
    }

    /** Field 1 (pods) holding bytes no PodSandbox parses from (a tag of wire type 7), then more. */
    private static Empty synchronizeWithAnUnparsablePod(boolean more) {
        return Empty.newBuilder().setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(SynchronizeRequest.PODS_FIELD_NUMBER, UnknownFieldSet.Field.newBuilder()
                        .addLengthDelimited(ByteString.copyFrom(new byte[] {0x0f, 0x01})).build())
                .addField(SynchronizeRequest.MORE_FIELD_NUMBER, UnknownFieldSet.Field.newBuilder()
                        .addVarint(more ? 1 : 0).build())
                .build()).build();
    }

    private static SynchronizeRequest part(int containers, boolean more) {
        SynchronizeRequest.Builder b = SynchronizeRequest.newBuilder().setMore(more);
        for (int i = 0; i < containers; i++) {
            b.addContainers(Container.newBuilder().setId("ctr-" + i));
        }
        return b.build();
    }
}
