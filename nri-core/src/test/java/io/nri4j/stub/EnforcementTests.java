package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.PostStartContainerRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Marking what the plugin handled, and reporting what escaped it. */
class EnforcementTests {

    private static final String MARKER = Enforcement.markerKey("policy");

    @TempDir
    Path dir;

    private final List<NriEvent> events = new CopyOnWriteArrayList<>();
    private final List<EscapedContainer> handled = new CopyOnWriteArrayList<>();
    private DispatchHarness plugin;

    @AfterEach
    void close() {
        if (plugin != null) {
            plugin.close();
        }
    }

    private NriPlugin.Builder policy(Enforcement enforcement) {
        return NriPlugin.builder().name("policy").index("10").environment(Map.of())
                .onCreateContainer((request, context) -> CreateContainerResult.none())
                .onEscapedContainer(escaped -> {
                    handled.add(escaped);
                    return CatchUp.update(Update.forContainer("ignored").setLinuxMemoryLimit(64L << 20));
                })
                .listener(events::add).enforcement(enforcement);
    }

    /** Reports escapes and leaves them as they are. */
    private NriPlugin.Builder reportingOnly(Enforcement enforcement) {
        return policy(enforcement).onEscapedContainer(escaped -> {
            handled.add(escaped);
            return CatchUp.none();
        });
    }

    @Test
    void everyContainerThePluginAnswersCarriesItsMarkerEvenWithNothingToChange() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.DEFAULTS));

        long id = plugin.call("CreateContainer", create("ctr-1"));

        CreateContainerResponse response = CreateContainerResponse.parseFrom(plugin.response(id).getPayload());
        assertThat(response.getAdjust().getAnnotationsMap()).containsKey(MARKER);
    }

    @Test
    void theMarkerIsAddedToTheHandlersOwnAdjustment() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.DEFAULTS)
                .onCreateContainer((request, context) -> CreateContainerResult.of(
                        Adjustment.create().addAnnotation("team", "a"))));

        long id = plugin.call("CreateContainer", create("ctr-1"));

        CreateContainerResponse response = CreateContainerResponse.parseFrom(plugin.response(id).getPayload());
        assertThat(response.getAdjust().getAnnotationsMap()).containsKeys(MARKER, "team");
    }

    @Test
    void aPluginThatOptsOutAddsNothingAndListensToNoExtraEvent() throws Exception {
        NriPlugin.Builder builder = policy(Enforcement.OFF);
        plugin = new DispatchHarness(builder);

        long id = plugin.call("CreateContainer", create("ctr-1"));

        assertThat(CreateContainerResponse.parseFrom(plugin.response(id).getPayload()).hasAdjust()).isFalse();
        assertThat(policy(Enforcement.OFF).build().events().contains(Event.POST_START_CONTAINER)).isFalse();
    }

    @Test
    void enforcingSubscribesToPostStartContainerWhenNoLaterContainerEventIsHandled() {
        assertThat(policy(Enforcement.DEFAULTS).build().subscription().contains(Event.POST_START_CONTAINER))
                .isTrue();
    }

    @Test
    void theFirstRegistrationOnANodeTellsPreexistingContainersFromLaterEscapes() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(unmarked("old-1"), unmarked("old-2")));
        await().until(() -> handled.size() == 2);
        assertThat(handled).extracting(EscapedContainer::cause).containsOnly(EscapeCause.PREEXISTING);
        plugin.close();
        handled.clear();

        // The plugin restarts: a container created while it was down has no marker.
        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(unmarked("old-1"), unmarked("old-2"), marked("mine"), unmarked("new-1")));

        await().until(() -> handled.size() == 1);
        assertThat(handled.get(0).container().getId()).isEqualTo("new-1");
        assertThat(handled.get(0).cause()).isEqualTo(EscapeCause.DOWNTIME);
        assertThat(handled.get(0).pod().getName()).isEqualTo("pod");
        await().until(() -> events.stream().anyMatch(e -> e instanceof NriEvent.ContainerEscaped c
                && c.escaped().container().getId().equals("new-1")));
    }

    @Test
    void anEscapeIsReportedOnceAcrossRestartsOfThePlugin() throws Exception {
        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine")));
        plugin.close();
        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine"), unmarked("new-1")));
        await().until(() -> handled.size() == 1);
        plugin.close();

        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)));
        long id = plugin.call("Synchronize", sync(marked("mine"), unmarked("new-1"), unmarked("new-2")));

        assertThat(plugin.response(id).getStatus().getMessage()).isEmpty();
        await().until(() -> handled.size() == 2);
        assertThat(handled.get(1).container().getId()).isEqualTo("new-2");
    }

    @Test
    void anEscapeWhoseUpdateNeverReachedTheRuntimeIsReportedAgainByTheNextInstance() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine")));
        plugin.close();
        // This harness has no runtime to send the update to: as if the plugin died before it went out.
        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine"), unmarked("new-1")));
        await().until(() -> handled.size() == 1);
        plugin.close();

        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine"), unmarked("new-1")));

        await().until(() -> handled.size() == 2);
        assertThat(handled).extracting(e -> e.container().getId()).containsExactly("new-1", "new-1");
    }

    @Test
    void aContainerMissingFromTheSynchronizeIsReportedAtItsFirstEventAsTheRace() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine")));

        plugin.call("PostStartContainer", PostStartContainerRequest.newBuilder().setPod(pod())
                .setContainer(unmarked("raced")).build());
        plugin.call("PostStartContainer", PostStartContainerRequest.newBuilder().setPod(pod())
                .setContainer(unmarked("raced")).build());
        plugin.call("PostStartContainer", PostStartContainerRequest.newBuilder().setPod(pod())
                .setContainer(marked("mine")).build());

        await().until(() -> handled.size() == 1);
        assertThat(handled.get(0).cause()).isEqualTo(EscapeCause.SYNCHRONIZE_RACE);
        assertThat(handled.get(0).container().getId()).isEqualTo("raced");
    }

    @Test
    void anUnmarkedContainerInTheSynchronizeIsNotReportedAgainByItsEvents() throws Exception {
        plugin = new DispatchHarness(policy(Enforcement.DEFAULTS));
        plugin.call("Synchronize", sync(unmarked("down")));
        await().until(() -> handled.size() == 1);

        plugin.call("PostStartContainer", PostStartContainerRequest.newBuilder().setPod(pod())
                .setContainer(unmarked("down")).build());

        assertThat(handled).hasSize(1);
        assertThat(handled.get(0).cause()).isEqualTo(EscapeCause.DOWNTIME);
    }

    @Test
    void aPluginWithItsOwnSynchronizeHandlerFindsTheSameEscapes() throws Exception {
        List<Integer> seen = new CopyOnWriteArrayList<>();
        RequestHandler<SynchronizeRequest, List<ContainerUpdate>> counting = (request, context) -> {
            seen.add(request.getContainersCount());
            return List.of();
        };
        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)).onSynchronize(counting));
        plugin.call("Synchronize", sync(marked("mine")));
        plugin.close();

        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)).onSynchronize(counting));
        plugin.call("Synchronize", sync(marked("mine"), unmarked("new-1")));

        await().until(() -> handled.size() == 1);
        assertThat(handled.get(0).container().getId()).isEqualTo("new-1");
        assertThat(handled.get(0).cause()).isEqualTo(EscapeCause.DOWNTIME);
        assertThat(seen).containsExactly(1, 2);
    }

    @Test
    void anEscapedContainerIsReportedWholeWithItsPodsNames() throws Exception {
        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)));
        plugin.call("Synchronize", sync(marked("mine")));
        plugin.close();
        Container whole = unmarked("new-1").toBuilder().putLabels("app", "web").putAnnotations("team", "a")
                .addArgs("/bin/web").addEnv("MODE=fast").setPid(42).build();
        PodSandbox pod = pod().toBuilder().setUid("uid-1").putLabels("tier", "front").build();

        plugin = new DispatchHarness(reportingOnly(Enforcement.remembering(dir)));
        plugin.call("Synchronize", SynchronizeRequest.newBuilder().addPods(pod).addContainers(marked("mine"))
                .addContainers(whole).build());

        await().until(() -> handled.size() == 1);
        assertThat(handled.get(0).container()).isEqualTo(whole);
        assertThat(handled.get(0).pod()).isEqualTo(PodSandbox.newBuilder().setId("pod-1").setName("pod")
                .setNamespace("ns").setUid("uid-1").build());
    }

    @Test
    void aSplitSynchronizeIsScannedPartByPart() throws Exception {
        plugin = new DispatchHarness(reportingOnly(Enforcement.DEFAULTS));

        long first = plugin.call("Synchronize", sync(marked("mine"), unmarked("old-1")).toBuilder().setMore(true)
                .build());
        assertThat(plugin.response(first).getStatus().getMessage()).isEmpty();
        plugin.call("Synchronize", SynchronizeRequest.newBuilder().addContainers(unmarked("old-2")).build());

        await().until(() -> handled.size() == 2);
        assertThat(handled).extracting(e -> e.container().getId()).containsExactly("old-1", "old-2");
        assertThat(handled).extracting(e -> e.pod().getName()).containsOnly("pod");
    }

    private static PodSandbox pod() {
        return PodSandbox.newBuilder().setId("pod-1").setName("pod").setNamespace("ns").build();
    }

    private static Container unmarked(String id) {
        return Container.newBuilder().setId(id).setPodSandboxId("pod-1").setName(id).build();
    }

    private static Container marked(String id) {
        return unmarked(id).toBuilder().putAnnotations(MARKER, "earlier-instance").build();
    }

    private static CreateContainerRequest create(String id) {
        return CreateContainerRequest.newBuilder().setPod(pod()).setContainer(unmarked(id)).build();
    }

    private static SynchronizeRequest sync(Container... containers) {
        return SynchronizeRequest.newBuilder().addPods(pod()).addAllContainers(List.of(containers)).build();
    }
}
