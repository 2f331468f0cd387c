package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.CDIDevice;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hook;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.IOPrioClass;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxDeviceCgroup;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.LinuxNetDevice;
import io.nri4j.api.v1alpha1.LinuxPids;
import io.nri4j.api.v1alpha1.LinuxRdt;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSchedulerPolicy;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.POSIXRlimit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which adjustment fields each NRI runtime library drops, at each version boundary, as its own
 * sources ({@code pkg/api/api.proto}, {@code pkg/adaptation/result.go}) say.
 */
class AdjustmentSupportTests {

    private static final String V0_8_0 = "v0.8.0";
    private static final String CRIO_1_33 = "v0.9.1-0.20250219030224-e597e7849f24";

    @ParameterizedTest(name = "{0}: ignored by {1}, applied by {2}")
    @CsvSource({
            "args,                    " + CRIO_1_33 + ", v0.10.0",
            "linux.resources.devices, " + CRIO_1_33 + ", v0.10.0",
            "linux.io_priority,       " + CRIO_1_33 + ", v0.10.0",
            "linux.seccomp_policy,    " + CRIO_1_33 + ", v0.10.0",
            "linux.namespaces,        " + CRIO_1_33 + ", v0.10.0",
            "linux.sysctl,            v0.10.0, v0.11.0",
            "linux.net_devices,       v0.10.0, v0.11.0",
            "linux.scheduler,         v0.10.0, v0.11.0",
            "linux.rdt,               v0.10.0, v0.11.0",
            "linux.memory_policy,     v0.11.0, v0.12.0"})
    void eachFieldIsIgnoredUpToTheLastVersionWithoutItAndAppliedFromTheFirstWithIt(String field, String lastIgnoring,
            String firstApplying) {
        ContainerAdjustment adjustment = setting(field);

        assertThat(ignored(V0_8_0, adjustment)).containsExactly(field);
        assertThat(ignored(lastIgnoring, adjustment)).containsExactly(field);
        assertThat(ignored(firstApplying, adjustment)).isEmpty();
        assertThat(ignored("v0.12.5", adjustment)).isEmpty();
        assertThat(AdjustmentSupport.since(field)).contains(NriVersion.parse(firstApplying).orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"annotations", "mounts", "env", "hooks", "rlimits", "CDI_devices", "linux.devices",
            "linux.resources.pids", "linux.resources.unified", "linux.resources.rdt_class", "linux.cgroups_path"})
    void fieldsEveryVersionFromV080AppliesAreNeverReported(String field) {
        ContainerAdjustment adjustment = setting(field);

        assertThat(ignored(V0_8_0, adjustment)).isEmpty();
        assertThat(AdjustmentSupport.since(field)).isEmpty();
    }

    @Test
    void aReplyLosingSeveralFieldsListsThemInTheProtosOrder() {
        ContainerAdjustment adjustment = setting("linux.sysctl").toBuilder().mergeFrom(setting("args"))
                .mergeFrom(setting("linux.namespaces")).mergeFrom(setting("linux.memory_policy")).build();

        assertThat(ignored(V0_8_0, adjustment))
                .containsExactly("args", "linux.namespaces", "linux.sysctl", "linux.memory_policy");
        assertThat(ignored("v0.10.0", adjustment)).containsExactly("linux.sysctl", "linux.memory_policy");
        assertThat(ignored("v0.12.0", adjustment)).isEmpty();
        assertThat(ignored("v0.12.3", adjustment)).isEmpty();
    }

    @Test
    void nothingIgnoredIsTheSharedEmptyList() {
        assertThat(ignored(V0_8_0, setting("env"))).isSameAs(List.of());
        assertThat(ignored(V0_8_0, ContainerAdjustment.getDefaultInstance())).isSameAs(List.of());
        assertThat(ignored("v0.12.5", setting("args"))).isSameAs(List.of());
    }

    @Test
    void aPreReleaseOfTheFirstVersionCountsAsBeforeIt() {
        assertThat(ignored("v0.10.0-rc.1", setting("args"))).containsExactly("args");
        assertThat(ignored("v0.10.1-0.20250601000000-abcdef123456", setting("args"))).isEmpty();
    }

    private static List<String> ignored(String nri, ContainerAdjustment adjustment) {
        return AdjustmentSupport.ignoredFields(NriVersion.parse(nri).orElseThrow(), adjustment);
    }

    /** An adjustment that sets {@code field} (a dotted proto name) and nothing else. */
    static ContainerAdjustment setting(String field) {
        ContainerAdjustment.Builder a = ContainerAdjustment.newBuilder();
        LinuxContainerAdjustment.Builder linux = LinuxContainerAdjustment.newBuilder();
        switch (field) {
            case "annotations" -> a.putAnnotations("a", "b");
            case "mounts" -> a.addMounts(Mount.newBuilder().setDestination("/m").setSource("/s"));
            case "env" -> a.addEnv(KeyValue.newBuilder().setKey("K").setValue("v"));
            case "hooks" -> a.setHooks(Hooks.newBuilder().addPrestart(Hook.newBuilder().setPath("/bin/true")));
            case "rlimits" -> a.addRlimits(POSIXRlimit.newBuilder().setType("RLIMIT_NOFILE").setHard(1).setSoft(1));
            case "CDI_devices" -> a.addCDIDevices(CDIDevice.newBuilder().setName("vendor.com/gpu=0"));
            case "args" -> a.addArgs("/bin/sh");
            case "linux.devices" -> linux.addDevices(LinuxDevice.newBuilder().setPath("/dev/null").setType("c"));
            case "linux.cgroups_path" -> linux.setCgroupsPath("/kubepods/x");
            case "linux.resources.pids" -> linux.setResources(LinuxResources.newBuilder()
                    .setPids(LinuxPids.newBuilder().setLimit(100)));
            case "linux.resources.unified" -> linux.setResources(LinuxResources.newBuilder()
                    .putUnified("memory.high", "1G"));
            case "linux.resources.rdt_class" -> linux.setResources(LinuxResources.newBuilder()
                    .setRdtClass(OptionalString.newBuilder().setValue("gold")));
            case "linux.resources.devices" -> linux.setResources(LinuxResources.newBuilder()
                    .addDevices(LinuxDeviceCgroup.newBuilder().setAllow(true).setAccess("rwm")));
            case "linux.io_priority" -> linux.setIoPriority(LinuxIOPriority.newBuilder()
                    .setClass_(IOPrioClass.IOPRIO_CLASS_BE).setPriority(4));
            case "linux.seccomp_policy" -> linux.setSeccompPolicy(LinuxSeccomp.newBuilder()
                    .setDefaultAction("SCMP_ACT_ALLOW"));
            case "linux.namespaces" -> linux.addNamespaces(LinuxNamespace.newBuilder().setType("network"));
            case "linux.sysctl" -> linux.putSysctl("net.ipv4.ip_forward", "1");
            case "linux.net_devices" -> linux.putNetDevices("eth1",
                    LinuxNetDevice.newBuilder().setName("net1").build());
            case "linux.scheduler" -> linux.setScheduler(LinuxScheduler.newBuilder()
                    .setPolicy(LinuxSchedulerPolicy.SCHED_BATCH));
            case "linux.rdt" -> linux.setRdt(LinuxRdt.newBuilder()
                    .setClosId(OptionalString.newBuilder().setValue("c")));
            case "linux.memory_policy" -> linux.setMemoryPolicy(LinuxMemoryPolicy.newBuilder()
                    .setMode(MpolMode.MPOL_BIND).setNodes("0"));
            default -> throw new IllegalArgumentException(field);
        }
        if (!linux.build().equals(LinuxContainerAdjustment.getDefaultInstance())) {
            a.setLinux(linux);
        }
        return a.build();
    }
}
