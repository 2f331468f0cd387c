package io.nri4j.test.runtime;

import static io.nri4j.test.runtime.Fixtures.CONTAINER;
import static io.nri4j.test.runtime.Fixtures.POD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.Disconnect;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.UpdateContainerResult;
import io.nri4j.test.runtime.UpstreamRuntime.Mode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UpstreamRuntimeLibraryTests {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private Path socket;
    private UpstreamRuntime runtime;
    private Plugins plugins;

    @BeforeEach
    void launch() {
        socket = dir.resolve("nri.sock");
        plugins = new Plugins(socket);
        runtime = UpstreamRuntime.launch(socket, Mode.LIBRARY);
        runtime.start();
    }

    @AfterEach
    void release() {
        plugins.close();
        if (runtime != null) {
            runtime.close();
        }
    }

    private NriStub greeter() {
        NriStub stub = plugins.connect(b -> b.onCreateContainer((request, context) -> CreateContainerResult.of(
                Adjustment.create().addAnnotation("test.nri4j.io/hello", request.getContainer().getName()))));
        runtime.awaitSynchronized(WAIT);
        return stub;
    }

    @Test
    void createContainerReturnsThePluginsAdjustmentAsTheLibraryMergedIt() {
        greeter();

        CreateContainerResponse response = runtime.createContainer(POD, CONTAINER);

        assertThat(response.getAdjust().getAnnotationsMap()).containsEntry("test.nri4j.io/hello", "app");
    }

    @Test
    void killDisconnectsThePluginAndStartServesANewPluginOnTheSameSocket() {
        NriStub first = greeter();

        runtime.kill();

        assertThat(first.closeFuture()).succeedsWithin(WAIT)
                .extracting(Disconnect::reason).isEqualTo("the runtime closed the connection");
        assertThat(socket).doesNotExist();
        assertThatThrownBy(() -> runtime.createContainer(POD, CONTAINER))
                .isInstanceOf(UpstreamRuntimeException.class).hasMessageContaining("not running");

        runtime.start();
        greeter();

        assertThat(runtime.createContainer(POD, CONTAINER).getAdjust().getAnnotationsMap())
                .containsEntry("test.nri4j.io/hello", "app");
        runtime.kill();
        runtime.start();
        NriStub third = greeter();
        assertThat(third.synchronization()).succeedsWithin(WAIT);
    }

    @Test
    void countsEverySynchronizationOnceAcrossRestarts() {
        greeter();
        runtime.kill();
        runtime.start();
        plugins.connect(b -> b.onStartContainer((request, context) -> { }));

        assertThat(runtime.awaitSynchronized(WAIT)).isEqualTo(2);
        assertThatThrownBy(() -> runtime.awaitSynchronized(Duration.ofMillis(200)))
                .isInstanceOf(UpstreamRuntimeException.class)
                .hasMessageContaining("no plugin synchronized within 200ms");
    }

    @Test
    void unsolicitedUpdatesAreReportedAndFailForTheContainersOfSetUpdateReply() {
        NriStub stub = greeter();
        ContainerUpdate update = Update.forContainer("ctr-1").setLinuxCpuShares(256).build();

        assertThat(stub.updateContainers(List.of(update))).succeedsWithin(WAIT).asList().isEmpty();
        assertThat(runtime.awaitUpdates(WAIT)).containsExactly(update);

        runtime.setUpdateReply(Set.of("ctr-1"));

        assertThat(stub.updateContainers(List.of(update))).succeedsWithin(WAIT).asList().containsExactly(update);
        assertThat(runtime.awaitUpdates(WAIT)).containsExactly(update);
    }

    @Test
    void aFailingHandlerFailsTheRuntimeOperationWithItsMessage() {
        plugins.connect(b -> b.onCreateContainer((request, context) -> {
            throw new IllegalStateException("no room for " + request.getContainer().getName());
        }));
        runtime.awaitSynchronized(WAIT);

        assertThatThrownBy(() -> runtime.createContainer(POD, CONTAINER))
                .isInstanceOfSatisfying(RuntimeOperationException.class, e -> {
                    assertThat(e.operation()).isEqualTo("createContainer");
                    assertThat(e.error()).contains("no room for app");
                });
    }

    @Test
    void eventsReachThePluginAndTheCallsAreRecorded() {
        CompletableFuture<String> started = new CompletableFuture<>();
        CompletableFuture<String> podStopped = new CompletableFuture<>();
        plugins.connect(b -> b
                .onStartContainer((request, context) -> started.complete(request.getContainer().getId()))
                .onStopPodSandbox((request, context) -> podStopped.complete(request.getPod().getId())));
        runtime.awaitSynchronized(WAIT);

        runtime.event("StartContainer", POD, CONTAINER);
        runtime.event("StopPodSandbox", POD, null);

        assertThat(started).isCompletedWithValue("ctr-1");
        assertThat(podStopped).isCompletedWithValue("pod-1");
        assertThat(runtime.calls()).contains(
                new RecordedCall("RegisterPlugin", false, Optional.empty()),
                new RecordedCall("Configure", true, Optional.empty()),
                new RecordedCall("Synchronize", true, Optional.empty()),
                new RecordedCall("StartContainer", true, Optional.empty()),
                new RecordedCall("StopPodSandbox", true, Optional.empty()));
        assertThat(runtime.calls()).extracting(RecordedCall::method).doesNotContain("CreateContainer");
    }

    @Test
    void anEventWithACommandOfItsOwnIsRefused() {
        assertThatThrownBy(() -> runtime.event("CreateContainer", POD, CONTAINER))
                .isInstanceOf(UpstreamRuntimeException.class)
                .hasMessageContaining("not one of the 9 notification events");
    }

    @Test
    void synchronizeCarriesTheStateSetBeforehand() {
        CompletableFuture<List<String>> synced = new CompletableFuture<>();
        runtime.setState(List.of(POD), List.of(CONTAINER));
        plugins.connect(b -> b
                .onSynchronize((request, context) -> {
                    synced.complete(request.getContainersList().stream().map(c -> c.getId()).toList());
                    return List.of();
                })
                .onStartContainer((request, context) -> { }));

        runtime.awaitSynchronized(WAIT);

        assertThat(synced).isCompletedWithValue(List.of("ctr-1"));
    }

    @Test
    void updateAndStopContainerReturnThePluginsUpdatesAsTheLibraryMergedThem() {
        ContainerUpdate other = Update.forContainer("ctr-2").setLinuxMemoryLimit(64L << 20).build();
        plugins.connect(b -> b
                .onUpdateContainer((request, context) -> UpdateContainerResult.of(List.of(other)))
                .onStopContainer((request, context) -> List.of(other)));
        runtime.awaitSynchronized(WAIT);
        LinuxResources resources = LinuxResources.newBuilder()
                .setCpu(LinuxCPU.newBuilder().setShares(OptionalUInt64.newBuilder().setValue(512)))
                .build();

        // The library fills in empty CPU and memory and appends the requested container's
        // update, empty when no plugin changed it: compare what the plugin set.
        assertThat(runtime.updateContainer(POD, CONTAINER, resources).getUpdateList())
                .filteredOn(u -> u.getContainerId().equals("ctr-2"))
                .singleElement()
                .satisfies(u -> assertThat(u.getLinux().getResources().getMemory().getLimit().getValue())
                        .isEqualTo(64L << 20));
        assertThat(runtime.stopContainer(POD, CONTAINER).getUpdateList())
                .extracting(ContainerUpdate::getContainerId).containsExactly("ctr-2");
        assertThat(runtime.calls()).extracting(RecordedCall::method)
                .contains("UpdateContainer", "StopContainer");
    }

    @Test
    void updatePodSandboxReachesThePluginWithTheResources() {
        CompletableFuture<Long> shares = new CompletableFuture<>();
        plugins.connect(b -> b.onUpdatePodSandbox((request, context) ->
                shares.complete(request.getLinuxResources().getCpu().getShares().getValue())));
        runtime.awaitSynchronized(WAIT);
        LinuxResources resources = LinuxResources.newBuilder()
                .setCpu(LinuxCPU.newBuilder().setShares(OptionalUInt64.newBuilder().setValue(256)))
                .build();

        runtime.updatePodSandbox(POD, resources);

        assertThat(shares).isCompletedWithValue(256L);
    }
}
