package io.nri4j.samples.devices;

import static io.nri4j.samples.devices.DeviceInjectorPluginTests.device;
import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** Which annotation applies to a container: its own before the pod's, the current prefix before the old. */
@SpringBootTest
@EmbeddedNriRuntime
class AnnotationKeysTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void appliesThePodWideAnnotationToContainersWithoutTheirOwn() {
        PodSandbox pod = TestPods.pod("pod-wide")
                .putAnnotations("devices.noderesource.dev/pod", "- {path: /dev/pod, type: c, major: 1, minor: 3}")
                .putAnnotations("devices.noderesource.dev/container.own",
                        "- {path: /dev/own, type: c, major: 1, minor: 5}")
                .build();

        assertThat(create(pod, "other").getLinux().getDevicesList()).containsExactly(device("/dev/pod", 1, 3));
        assertThat(create(pod, "own").getLinux().getDevicesList()).containsExactly(device("/dev/own", 1, 5));
    }

    @Test
    void prefersThePodKeyToTheBareKey() {
        PodSandbox pod = TestPods.pod("bare")
                .putAnnotations("sysctl.noderesource.dev", "{kernel.msgmax: '1'}")
                .putAnnotations("sysctl.noderesource.dev/pod", "{kernel.msgmax: '2'}").build();

        assertThat(create(pod, "app").getLinux().getSysctlMap()).containsExactly(Map.entry("kernel.msgmax", "2"));
    }

    @Test
    void readsTheBareKeyForEveryContainer() {
        PodSandbox pod = TestPods.pod("bare-only").putAnnotations("cdi-devices.noderesource.dev", "- v.com/gpu=0")
                .build();

        assertThat(create(pod, "app").getCDIDevicesList()).extracting(d -> d.getName()).containsExactly("v.com/gpu=0");
    }

    @Test
    void prefersTheCurrentPrefixToTheOldOneAtTheSameLevel() {
        PodSandbox pod = TestPods.pod("both-prefixes")
                .putAnnotations("mounts.nri.io/container.app", "- {source: /old, destination: /old}")
                .putAnnotations("mounts.noderesource.dev/container.app", "- {source: /new, destination: /new}").build();

        assertThat(create(pod, "app").getMountsList()).extracting(m -> m.getDestination()).containsExactly("/new");
    }

    @Test
    void prefersAContainerKeyWithTheOldPrefixToAPodKeyWithTheCurrentOne() {
        PodSandbox pod = TestPods.pod("old-but-specific")
                .putAnnotations("network-devices.noderesource.dev/pod", "- {hostIf: eth1, name: pod}")
                .putAnnotations("network-devices.nri.io/container.app", "- {hostIf: eth2, name: own}").build();

        assertThat(create(pod, "app").getLinux().getNetDevicesMap()).containsOnlyKeys("eth2");
    }

    @Test
    void readsEveryOldKey() {
        PodSandbox pod = TestPods.pod("old-keys")
                .putAnnotations("devices.nri.io", "- {path: /dev/old, type: c, major: 1, minor: 3}")
                .putAnnotations("cdi-devices.nri.io/pod", "- v.com/gpu=1")
                .putAnnotations("mounts.nri.io/container.app", "- {source: /s, destination: /d}")
                .putAnnotations("io-priority.nri.io", "{class: IOPRIO_CLASS_IDLE}")
                .putAnnotations("scheduling-policy.nri.io", "{policy: SCHED_BATCH}")
                .putAnnotations("network-devices.nri.io", "- {hostIf: eth3, name: net0}")
                .putAnnotations("memory-policy.nri.io", "{mode: MPOL_LOCAL}").build();

        ContainerAdjustment adjust = create(pod, "app");

        assertThat(adjust.getLinux().getDevicesList()).extracting(d -> d.getPath()).containsExactly("/dev/old");
        assertThat(adjust.getCDIDevicesList()).extracting(d -> d.getName()).containsExactly("v.com/gpu=1");
        assertThat(adjust.getMountsList()).extracting(m -> m.getDestination()).containsExactly("/d");
        assertThat(adjust.getLinux().getIoPriority().getClass_().name()).isEqualTo("IOPRIO_CLASS_IDLE");
        assertThat(adjust.getLinux().getScheduler().getPolicy().name()).isEqualTo("SCHED_BATCH");
        assertThat(adjust.getLinux().getNetDevicesMap()).containsOnlyKeys("eth3");
        assertThat(adjust.getLinux().getMemoryPolicy().getMode().name()).isEqualTo("MPOL_LOCAL");
    }

    @Test
    void hasNoOldKeyForSysctls() {
        PodSandbox pod = TestPods.pod("no-old-sysctl").putAnnotations("sysctl.nri.io", "{kernel.msgmax: '1'}").build();

        assertThat(create(pod, "app").getLinux().getSysctlMap()).isEmpty();
    }

    @Test
    void takesAnEmptyDeviceAnnotationAsNoneAndStopsLookingFurther() {
        PodSandbox pod = TestPods.pod("empty")
                .putAnnotations("devices.noderesource.dev/container.app", "")
                .putAnnotations("devices.noderesource.dev/pod", "- {path: /dev/pod}").build();

        assertThat(create(pod, "app").getLinux().getDevicesList()).isEmpty();
    }

    @Test
    void takesAnEmptySchedulingPolicyAsAllZeroAttributes() {
        PodSandbox pod = TestPods.pod("empty-sched").putAnnotations("scheduling-policy.noderesource.dev/pod", "")
                .build();

        assertThat(create(pod, "app").getLinux().hasScheduler()).isTrue();
    }

    private ContainerAdjustment create(PodSandbox pod, String container) {
        return runtime.createContainer(pod, TestPods.container(pod, container).build()).getAdjust();
    }
}
