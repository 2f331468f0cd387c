package io.nri4j.samples.devices;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.IOPrioClass;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSchedulerFlag;
import io.nri4j.api.v1alpha1.LinuxSchedulerPolicy;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalFileMode;
import io.nri4j.api.v1alpha1.OptionalUInt32;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** Every kind of annotation, as the upstream runtime library merges the plugin's adjustment. */
@SpringBootTest
@EmbeddedNriRuntime
class DeviceInjectorPluginTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void adjustsTheSamplePodAsTheReadmeSays() {
        PodSandbox pod = SamplePod.read("sample-device-inject.yaml");
        LinuxIOPriority bestEffort4 = LinuxIOPriority.newBuilder().setClass_(IOPrioClass.IOPRIO_CLASS_BE)
                .setPriority(4).build();

        ContainerAdjustment c0 = create(pod, "c0");
        assertThat(c0.getLinux().getDevicesList()).containsExactly(device("/dev/nri-null", 1, 3).toBuilder()
                .setFileMode(OptionalFileMode.newBuilder().setValue(0666)).build());
        assertThat(c0.getLinux().getIoPriority()).isEqualTo(bestEffort4);

        ContainerAdjustment c1 = create(pod, "c1");
        assertThat(c1.getMountsList()).containsExactly(Mount.newBuilder().setSource("/home")
                .setDestination("/host-home").setType("bind").addOptions("bind").addOptions("ro").build());
        assertThat(c1.getLinux().getDevicesList()).isEmpty();

        ContainerAdjustment c2 = create(pod, "c2");
        assertThat(c2.getLinux().getScheduler()).isEqualTo(LinuxScheduler.newBuilder()
                .setPolicy(LinuxSchedulerPolicy.SCHED_BATCH).setNice(5).build());
        assertThat(c2.getLinux().getSysctlMap()).containsExactly(Map.entry("net.core.somaxconn", "256"));
        assertThat(c2.getLinux().getMemoryPolicy()).isEqualTo(LinuxMemoryPolicy.newBuilder()
                .setMode(MpolMode.MPOL_INTERLEAVE).setNodes("0").build());
        assertThat(c2.getLinux().getIoPriority()).isEqualTo(bestEffort4);
    }

    @Test
    void injectsDevicesInTheirOrderWithModeAndOwnerWhenSet() {
        PodSandbox pod = pod("devices", "devices.noderesource.dev/container.app",
                "- {path: /dev/b, type: b, major: 8, minor: 1, file_mode: 0660, uid: 1000, gid: 6}\n"
                        + "- {path: /dev/a, type: c, major: 1, minor: 3}");

        assertThat(create(pod, "app").getLinux().getDevicesList()).containsExactly(
                device("/dev/b", 8, 1).toBuilder().setType("b")
                        .setFileMode(OptionalFileMode.newBuilder().setValue(0660))
                        .setUid(OptionalUInt32.newBuilder().setValue(1000))
                        .setGid(OptionalUInt32.newBuilder().setValue(6)).build(),
                device("/dev/a", 1, 3));
    }

    @Test
    void injectsCdiDevicesInTheirOrder() {
        PodSandbox pod = pod("cdi", "cdi-devices.noderesource.dev/container.c0",
                "- vendor.example.com/device=dev0\n- vendor.example.com/device=dev1\n");

        assertThat(create(pod, "c0").getCDIDevicesList()).extracting(d -> d.getName())
                .containsExactly("vendor.example.com/device=dev0", "vendor.example.com/device=dev1");
    }

    @Test
    void setsTheIoPriority() {
        PodSandbox pod = pod("ioprio", "io-priority.noderesource.dev/container.app",
                "{class: IOPRIO_CLASS_RT, priority: 3}");

        var priority = create(pod, "app").getLinux().getIoPriority();

        assertThat(priority.getClass_()).isEqualTo(IOPrioClass.IOPRIO_CLASS_RT);
        assertThat(priority.getPriority()).isEqualTo(3);
    }

    @Test
    void leavesTheIoPriorityAloneForAnUnknownClass() {
        PodSandbox pod = pod("ioprio-unknown", "io-priority.noderesource.dev/container.app",
                "{class: rt, priority: 3}");

        assertThat(create(pod, "app").getLinux().hasIoPriority()).isFalse();
    }

    @Test
    void setsSchedulingAttributesTakingUnknownNamesAsTheZeroOnes() {
        PodSandbox pod = pod("sched", "scheduling-policy.noderesource.dev/container.app",
                "{policy: SCHED_DEADLINE, runtime: 100, deadline: 200, period: 300, nice: -5,"
                        + " flags: [SCHED_FLAG_RECLAIM, no-such-flag]}");

        var scheduler = create(pod, "app").getLinux().getScheduler();

        assertThat(scheduler.getPolicy()).isEqualTo(LinuxSchedulerPolicy.SCHED_DEADLINE);
        assertThat(scheduler.getNice()).isEqualTo(-5);
        assertThat(scheduler.getFlagsList()).containsExactly(LinuxSchedulerFlag.SCHED_FLAG_RECLAIM,
                LinuxSchedulerFlag.SCHED_FLAG_RESET_ON_FORK);
        assertThat(scheduler.getRuntime()).isEqualTo(100);
        assertThat(scheduler.getDeadline()).isEqualTo(200);
        assertThat(scheduler.getPeriod()).isEqualTo(300);
    }

    @Test
    void movesNetworkDevicesIntoTheContainerUnderTheirNewNames() {
        PodSandbox pod = pod("netdev", "network-devices.noderesource.dev/container.c2",
                "- hostIf: ens2.100\n  name: net1\n- {hostIf: ens2.101, Name: net2}\n");

        assertThat(create(pod, "c2").getLinux().getNetDevicesMap()).hasSize(2)
                .hasEntrySatisfying("ens2.100", d -> assertThat(d.getName()).isEqualTo("net1"))
                .hasEntrySatisfying("ens2.101", d -> assertThat(d.getName()).isEqualTo("net2"));
    }

    @Test
    void setsSysctlsWithNumbersReadAsTheirText() {
        PodSandbox pod = pod("sysctl", "sysctl.noderesource.dev/container.app",
                "net.core.somaxconn: \"256\"\nnet.ipv4.tcp_syncookies: 1");

        assertThat(create(pod, "app").getLinux().getSysctlMap())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("net.core.somaxconn", "256", "net.ipv4.tcp_syncookies", "1"));
    }

    @Test
    void setsTheMemoryPolicy() {
        PodSandbox pod = pod("mempolicy", "memory-policy.noderesource.dev/container.app",
                "{mode: MPOL_INTERLEAVE, nodes: \"0-1\", flags: [MPOL_F_STATIC_NODES]}");

        var policy = create(pod, "app").getLinux().getMemoryPolicy();

        assertThat(policy.getMode()).isEqualTo(MpolMode.MPOL_INTERLEAVE);
        assertThat(policy.getNodes()).isEqualTo("0-1");
        assertThat(policy.getFlagsList()).containsExactly(MpolFlag.MPOL_F_STATIC_NODES);
    }

    @Test
    void leavesContainersOfAPodWithoutAnnotationsAlone() {
        PodSandbox pod = TestPods.pod("plain").putAnnotations("unrelated", "- path: /dev/x").build();

        ContainerAdjustment adjust = create(pod, "app");

        assertThat(adjust.getLinux().getDevicesList()).isEmpty();
        assertThat(adjust.getMountsList()).isEmpty();
        assertThat(adjust.getLinux().hasScheduler()).isFalse();
    }

    private ContainerAdjustment create(PodSandbox pod, String container) {
        return runtime.createContainer(pod, TestPods.container(pod, container).build()).getAdjust();
    }

    static PodSandbox pod(String name, String key, String value) {
        return TestPods.pod(name).putAnnotations(key, value).build();
    }

    static LinuxDevice device(String path, long major, long minor) {
        return LinuxDevice.newBuilder().setPath(path).setType("c").setMajor(major).setMinor(minor).build();
    }
}
