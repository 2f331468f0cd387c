package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.internal.log.RecordingLogger;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.proto.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A CreateContainer reply that sets a field the runtime's NRI version ignores: warned of once
 * per field and reported as an event for every reply, or failed under FAIL.
 */
class UnsupportedAdjustmentsTests {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<NriEvent> events = new CopyOnWriteArrayList<>();
    private DispatchHarness plugin;

    @AfterEach
    void close() {
        if (plugin != null) {
            plugin.close();
        }
    }

    /** A plugin that sets the args of every container it creates (and a sysctl for "tuned" ones). */
    private NriPlugin.Builder settingArgs() {
        return NriPlugin.builder().name("args").index("10").environment(Map.of()).listener(events::add)
                .onCreateContainer((request, context) -> {
                    ContainerAdjustment.Builder a = ContainerAdjustment.newBuilder().addArgs("/bin/app");
                    if (request.getContainer().getName().equals("tuned")) {
                        a.getLinuxBuilder().putSysctl("net.core.somaxconn", "1024");
                    }
                    return CreateContainerResult.of(a.build());
                });
    }

    @Test
    void underWarnTheReplyGoesOutAndAnEventNamesTheIgnoredFields() throws Exception {
        plugin = new DispatchHarness(settingArgs());
        configure("containerd", "v2.1.9", "");

        Response response = plugin.response(plugin.call("CreateContainer", create("ctr-1", "app")));

        assertThat(response.getStatus().getCode()).isZero();
        assertThat(CreateContainerResponse.parseFrom(response.getPayload()).getAdjust().getArgsList())
                .containsExactly("/bin/app");
        NriEvent.AdjustmentFieldsIgnored ignored = awaitIgnored();
        assertThat(ignored.containerId()).isEqualTo("ctr-1");
        assertThat(ignored.fields()).containsExactly("args");
        assertThat(ignored.runtime().version()).isEqualTo("v2.1.9");
        assertThat(ignored.runtime().nriVersion()).contains(NriVersion.OLDEST_SUPPORTED);
    }

    @Test
    void underFailTheRequestFailsNamingTheFieldsAndTheRuntime() throws Exception {
        plugin = new DispatchHarness(settingArgs().unsupportedAdjustments(UnsupportedAdjustments.FAIL));
        configure("containerd", "v2.2.0", "");

        Response response = plugin.response(plugin.call("CreateContainer", create("ctr-1", "tuned")));

        assertThat(response.getStatus().getCode()).isEqualTo(StatusCode.FAILED_PRECONDITION.wire());
        assertThat(response.getStatus().getMessage()).isEqualTo("not sending an adjustment of linux.sysctl to"
                + " runtime containerd v2.2.0 (NRI v0.10.0), which ignores it: NRI applies linux.sysctl from v0.11.0");
        assertThat(events).noneMatch(NriEvent.AdjustmentFieldsIgnored.class::isInstance);
    }

    @Test
    void aRuntimeThatAppliesEveryFieldHearsNothing() throws Exception {
        plugin = new DispatchHarness(settingArgs().unsupportedAdjustments(UnsupportedAdjustments.FAIL));
        configure("containerd", "v2.4.0", "v0.12.5");

        Response response = plugin.response(plugin.call("CreateContainer", create("ctr-1", "tuned")));

        assertThat(response.getStatus().getCode()).isZero();
        assertThat(CreateContainerResponse.parseFrom(response.getPayload()).getAdjust().getLinux().getSysctlMap())
                .containsKey("net.core.somaxconn");
    }

    @Test
    void aRuntimeWhoseNriVersionIsUnknownIsNotChecked() throws Exception {
        plugin = new DispatchHarness(settingArgs().unsupportedAdjustments(UnsupportedAdjustments.FAIL));
        configure("podman", "v5.4.0", "");

        Response response = plugin.response(plugin.call("CreateContainer", create("ctr-1", "app")));

        assertThat(response.getStatus().getCode()).isZero();
        assertThat(events).noneMatch(NriEvent.AdjustmentFieldsIgnored.class::isInstance);
    }

    @Test
    void underWarnEachFieldIsLoggedOnceAndEveryReplyIsReported() {
        RecordingLogger log = new RecordingLogger();
        IgnoredAdjustmentFields check = new IgnoredAdjustmentFields(UnsupportedAdjustments.WARN, log);
        NriPlugin built = settingArgs().build();
        StubProgress progress = new StubProgress(built, new StubInstances(), Runnable::run);
        RuntimeInfo runtime = runtime("containerd", "v2.1.9", "");
        ContainerAdjustment args = ContainerAdjustment.newBuilder().addArgs("/bin/app").build();
        ContainerAdjustment argsAndSysctl = args.toBuilder()
                .setLinux(args.getLinux().toBuilder().putSysctl("kernel.shm_rmid_forced", "1")).build();

        check.check(create("ctr-1", "app"), args, runtime, progress);
        check.check(create("ctr-2", "app"), args, runtime, progress);
        check.check(create("ctr-3", "db"), argsAndSysctl, runtime, progress);

        assertThat(log.lines).containsExactly(
                "WARN runtime containerd v2.1.9 (NRI v0.8.0) ignores the adjustment's args, set for container app"
                        + " of pod default/web: NRI applies it from v0.10.0 on",
                "WARN runtime containerd v2.1.9 (NRI v0.8.0) ignores the adjustment's linux.sysctl, set for"
                        + " container db of pod default/web: NRI applies it from v0.11.0 on");
        await().atMost(WAIT).until(() -> events.size() == 3);
        assertThat(events).map(e -> ((NriEvent.AdjustmentFieldsIgnored) e).fields())
                .containsExactly(List.of("args"), List.of("args"), List.of("args", "linux.sysctl"));
    }

    @Test
    void underFailNothingIsLoggedOrReportedButTheError() {
        RecordingLogger log = new RecordingLogger();
        IgnoredAdjustmentFields check = new IgnoredAdjustmentFields(UnsupportedAdjustments.FAIL, log);
        StubProgress progress = new StubProgress(settingArgs().build(), new StubInstances(), Runnable::run);
        ContainerAdjustment args = ContainerAdjustment.newBuilder().addArgs("/bin/app").build();

        assertThatExceptionOfType(TtrpcException.class)
                .isThrownBy(() -> check.check(create("ctr-1", "app"), args, runtime("cri-o", "1.33.2", ""), progress))
                .satisfies(e -> assertThat(e.status().code()).isEqualTo(StatusCode.FAILED_PRECONDITION))
                .withMessageContaining("args");
        assertThat(log.lines).isEmpty();
        assertThat(events).isEmpty();
    }

    private NriEvent.AdjustmentFieldsIgnored awaitIgnored() {
        return await().atMost(WAIT).until(() -> events.stream()
                .filter(NriEvent.AdjustmentFieldsIgnored.class::isInstance)
                .map(NriEvent.AdjustmentFieldsIgnored.class::cast).findFirst().orElse(null), e -> e != null);
    }

    private void configure(String name, String version, String nriVersion) throws Exception {
        long id = plugin.call("Configure", configureRequest(name, version, nriVersion));
        assertThat(plugin.response(id).getStatus().getCode()).isZero();
    }

    private static ConfigureRequest configureRequest(String name, String version, String nriVersion) {
        return ConfigureRequest.newBuilder().setRuntimeName(name).setRuntimeVersion(version)
                .setNRIVersion(nriVersion).build();
    }

    private static RuntimeInfo runtime(String name, String version, String nriVersion) {
        return RuntimeInfo.from(configureRequest(name, version, nriVersion));
    }

    private static CreateContainerRequest create(String id, String name) {
        return CreateContainerRequest.newBuilder()
                .setPod(PodSandbox.newBuilder().setId("pod-1").setName("web").setNamespace("default"))
                .setContainer(Container.newBuilder().setId(id).setName(name).setPodSandboxId("pod-1")).build();
    }
}
