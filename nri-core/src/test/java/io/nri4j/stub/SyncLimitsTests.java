package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A split Synchronize is joined up to the plugin's limits, never beyond. */
class SyncLimitsTests {

    private final List<SynchronizeRequest> seen = new ArrayList<>();
    private DispatchHarness plugin;

    @AfterEach
    void close() {
        plugin.close();
    }

    @Test
    void aSplitSynchronizeThatNeverEndsIsRefusedAtTheByteLimitHavingHeldNoMore() throws Exception {
        open(Limits.DEFAULTS.withMaxSyncBytes(1 << 20));
        SynchronizeRequest part = part(pods(100, 1000), List.of(), true);
        long held = 0;
        long refused = -1;

        for (int i = 0; i < 1000 && refused < 0; i++) {
            long id = plugin.call("Synchronize", part);
            Response response = plugin.response(id);
            if (response.getStatus().getCode() != 0) {
                refused = id;
                assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED.wire());
                assertThat(response.getStatus().getMessage()).contains("Synchronize", "1048576 bytes");
            } else {
                assertThat(SynchronizeResponse.parseFrom(response.getPayload()).getMore()).isTrue();
                held = plugin.service.syncHeldBytes();
                assertThat(held).isLessThanOrEqualTo(1 << 20);
            }
        }

        assertThat(refused).as("the part over the limit was refused").isPositive();
        assertThat(held).isGreaterThan((1 << 20) - part.getSerializedSize());
        assertThat(plugin.service.syncHeldBytes()).as("held after the refusal").isZero();
        assertThat(seen).as("the handler never ran").isEmpty();
    }

    @Test
    void tooManyPodsInOneMessageAreRefusedBeforeTheyAreBuilt() throws Exception {
        open(Limits.DEFAULTS.withMaxSyncPods(1000));

        long id = plugin.call("Synchronize", part(pods(1001, 0), List.of(), false));

        Response response = plugin.response(id);
        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED.wire());
        assertThat(response.getStatus().getMessage()).contains("1001 pods", "limit of 1000 pods",
                "nri.limits.max-sync-pods", "Limits.withMaxSyncPods");
        assertThat(seen).isEmpty();
    }

    @Test
    void tooManyContainersAcrossPartsAreRefused() throws Exception {
        open(Limits.DEFAULTS.withMaxSyncContainers(100));

        long first = plugin.call("Synchronize", part(List.of(), containers(60), true));
        long second = plugin.call("Synchronize", part(List.of(), containers(60), false));

        assertThat(plugin.response(first).getStatus().getCode()).isZero();
        assertThat(plugin.response(second).getStatus().getCode()).isEqualTo(StatusCode.RESOURCE_EXHAUSTED.wire());
        assertThat(plugin.service.syncHeldBytes()).isZero();
        assertThat(seen).isEmpty();
    }

    @Test
    void aSplitSynchronizeWithinTheLimitsReachesTheHandlerWhole() throws Exception {
        open(Limits.DEFAULTS.withMaxSyncPods(20).withMaxSyncContainers(20));

        plugin.call("Synchronize", part(pods(10, 10), containers(10), true));
        long last = plugin.call("Synchronize", part(pods(10, 10), containers(10), false));

        assertThat(plugin.response(last).getStatus().getCode()).isZero();
        assertThat(seen).singleElement().satisfies(all -> {
            assertThat(all.getPodsCount()).isEqualTo(20);
            assertThat(all.getContainersCount()).isEqualTo(20);
        });
        assertThat(plugin.service.syncHeldBytes()).isZero();
    }

    private void open(Limits limits) {
        plugin = new DispatchHarness(DispatchHarness.trivialPlugin().limits(limits)
                .onSynchronize((request, context) -> {
                    seen.add(request);
                    return List.of();
                }));
    }

    private static SynchronizeRequest part(List<PodSandbox> pods, List<Container> containers, boolean more) {
        return SynchronizeRequest.newBuilder().addAllPods(pods).addAllContainers(containers).setMore(more).build();
    }

    private static List<PodSandbox> pods(int n, int annotationBytes) {
        List<PodSandbox> pods = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pods.add(PodSandbox.newBuilder().setId("pod-" + i)
                    .putAnnotations("filler", "x".repeat(annotationBytes)).build());
        }
        return pods;
    }

    private static List<Container> containers(int n) {
        List<Container> containers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            containers.add(Container.newBuilder().setId("ctr-" + i).build());
        }
        return containers;
    }
}
