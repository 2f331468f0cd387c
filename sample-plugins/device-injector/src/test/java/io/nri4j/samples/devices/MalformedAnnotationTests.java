package io.nri4j.samples.devices;

import static io.nri4j.samples.devices.DeviceInjectorPluginTests.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** What fails a container's creation, and what the runtime's error then says. */
@SpringBootTest
@EmbeddedNriRuntime
class MalformedAnnotationTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void refusesAValueThatIsNoYaml() {
        String error = refused(pod("no-yaml", "devices.noderesource.dev/container.app", "- [unclosed"));

        assertThat(error).contains("container default/no-yaml/app: invalid device annotation \"- [unclosed\"");
    }

    @Test
    void refusesAListWhereAMapBelongsAndTheOtherWayRound() {
        assertThat(refused(pod("map-for-list", "mounts.noderesource.dev/pod", "{source: /a, destination: /b}")))
                .contains("invalid mount annotation")
                .contains("cannot unmarshal object into Go value of type []main.mount");
        assertThat(refused(pod("list-for-map", "io-priority.noderesource.dev", "- IOPRIO_CLASS_RT")))
                .contains("invalid I/O priority annotation").contains("cannot unmarshal array");
        assertThat(refused(pod("string-for-list", "cdi-devices.noderesource.dev", "vendor.com/gpu=0")))
                .contains("invalid CDI device annotation \"vendor.com/gpu=0\"");
        assertThat(refused(pod("list-for-sysctls", "sysctl.noderesource.dev", "- net.core.somaxconn=256")))
                .contains("invalid sysctl annotation").contains("of type map[string]string");
    }

    @Test
    void refusesNumbersThatDoNotFitTheirField() {
        assertThat(refused(pod("quoted-major", "devices.noderesource.dev", "- {path: /dev/a, major: '1'}")))
                .contains("cannot unmarshal string into Go struct field device.major of type int64");
        assertThat(refused(pod("negative-uid", "devices.noderesource.dev", "- {path: /dev/a, uid: -1}")))
                .contains("cannot unmarshal number -1 into Go struct field device.uid of type uint32");
        assertThat(refused(pod("fraction", "scheduling-policy.noderesource.dev", "{policy: SCHED_RR, priority: 1.5}")))
                .contains("invalid scheduler annotation").contains("scheduler.priority of type int32");
        assertThat(refused(pod("big-nice", "scheduling-policy.noderesource.dev", "{nice: 2147483648}")))
                .contains("scheduler.nice of type int32");
    }

    @Test
    void refusesAnUnknownOrMissingMemoryPolicyModeAndUnknownFlags() {
        assertThat(refused(pod("bad-mode", "memory-policy.noderesource.dev", "{mode: MPOL_FAST}")))
                .contains("container default/bad-mode/app: invalid memory policy: "
                        + "invalid memory policy mode \"MPOL_FAST\"");
        assertThat(refused(pod("no-mode", "memory-policy.noderesource.dev/pod", "")))
                .contains("invalid memory policy mode \"\"");
        assertThat(refused(pod("bad-flag", "memory-policy.noderesource.dev",
                "{mode: MPOL_BIND, flags: [MPOL_F_FAST]}")))
                .contains("invalid memory policy flag \"MPOL_F_FAST\"");
    }

    @Test
    void refusesANullNetworkDevice() {
        assertThat(refused(pod("null-netdev", "network-devices.noderesource.dev", "- null")))
                .contains("invalid net device annotation \"- null\"");
    }

    @Test
    void refusesTheSameDevicePathTwiceAsTheRuntimeWould() {
        assertThat(refused(pod("twice", "devices.noderesource.dev", "- {path: /dev/a}\n- {path: /dev/a}")))
                .contains("container default/twice/app: device \"/dev/a\" is already set");
    }

    @Test
    void refusesAPathWithTheRemovalMarker() {
        assertThat(refused(pod("marker", "devices.noderesource.dev", "- {path: -/dev/a}")))
                .contains("device \"-/dev/a\" starts with the removal marker");
    }

    @Test
    void reportsTheFirstBadAnnotationInUpstreamsOrder() {
        PodSandbox pod = TestPods.pod("two-bad")
                .putAnnotations("memory-policy.noderesource.dev", "{mode: MPOL_FAST}")
                .putAnnotations("devices.noderesource.dev", "not a list").build();

        assertThat(refused(pod)).contains("invalid device annotation").doesNotContain("memory policy");
    }

    @Test
    void readsOnlyTheAnnotationThatAppliesSoABadPodWideOneIsNeverSeen() {
        PodSandbox pod = TestPods.pod("bad-but-shadowed")
                .putAnnotations("devices.noderesource.dev/pod", "- [unclosed")
                .putAnnotations("devices.noderesource.dev/container.app", "- {path: /dev/a}").build();

        assertThat(runtime.createContainer(pod, TestPods.container(pod, "app").build()).getAdjust().getLinux()
                .getDevicesList()).extracting(d -> d.getPath()).containsExactly("/dev/a");
    }

    private String refused(PodSandbox pod) {
        return runtime.createContainerRefused(pod, TestPods.container(pod, "app").build());
    }
}
