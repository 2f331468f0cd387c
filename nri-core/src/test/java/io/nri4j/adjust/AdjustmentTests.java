package io.nri4j.adjust;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.CDIDevice;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hook;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.IOPrioClass;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.LinuxNetDevice;
import io.nri4j.api.v1alpha1.LinuxRdt;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSchedulerFlag;
import io.nri4j.api.v1alpha1.LinuxSchedulerPolicy;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalRepeatedString;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.POSIXRlimit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each verb against the {@link ContainerAdjustment} upstream's helper would build, written out by hand. */
class AdjustmentTests {

    private static final LinuxDevice FUSE = LinuxDevice.newBuilder()
            .setPath("/dev/fuse").setType("c").setMajor(10).setMinor(229).build();

    @Test
    void createIsEmpty() {
        assertThat(Adjustment.create().build()).isEqualTo(ContainerAdjustment.getDefaultInstance());
    }

    @Test
    void annotationsAndEnvAreAddedOrMarkedForRemoval() {
        ContainerAdjustment built = Adjustment.create()
                .addAnnotation("team", "infra")
                .removeAnnotation("stale")
                .addEnv("MODE", "fast")
                .removeEnv("DEBUG")
                .build();

        assertThat(built).isEqualTo(ContainerAdjustment.newBuilder()
                .putAnnotations("team", "infra")
                .putAnnotations("-stale", "")
                .addEnv(KeyValue.newBuilder().setKey("MODE").setValue("fast"))
                .addEnv(KeyValue.newBuilder().setKey("-DEBUG"))
                .build());
    }

    @Test
    void setArgsReplacesTheArgs() {
        assertThat(Adjustment.create().setArgs("a", "b").setArgs(List.of("c", "d")).build())
                .isEqualTo(ContainerAdjustment.newBuilder().addArgs("c").addArgs("d").build());
    }

    @Test
    void updateArgsPutsAnEmptyStringFirst() {
        assertThat(Adjustment.create().setArgs("a").updateArgs(List.of("b", "c")).build())
                .isEqualTo(ContainerAdjustment.newBuilder().addArgs("").addArgs("b").addArgs("c").build());
    }

    @Test
    void mountsAreAddedOrMarkedForRemoval() {
        Mount tmp = Mount.newBuilder().setSource("tmpfs").setDestination("/scratch").setType("tmpfs")
                .addOptions("rw").addOptions("nosuid").build();

        ContainerAdjustment built = Adjustment.create()
                .addMount("tmpfs", "/scratch", "tmpfs", "rw", "nosuid")
                .addMount(Mount.newBuilder().setDestination("/data").setSource("/srv").setType("bind").build())
                .removeMount("/old")
                .build();

        assertThat(built).isEqualTo(ContainerAdjustment.newBuilder()
                .addMounts(tmp)
                .addMounts(Mount.newBuilder().setDestination("/data").setSource("/srv").setType("bind"))
                .addMounts(Mount.newBuilder().setDestination("-/old"))
                .build());
    }

    @Test
    void hooksFromSeveralCallsAreMerged() {
        Hook a = Hook.newBuilder().setPath("/bin/a").build();
        Hook b = Hook.newBuilder().setPath("/bin/b").addArgs("b").build();
        Hook c = Hook.newBuilder().setPath("/bin/c").build();

        ContainerAdjustment built = Adjustment.create()
                .addHooks(Hooks.newBuilder().addPrestart(a).addPoststop(c).build())
                .addHooks(Hooks.newBuilder().addPrestart(b).addCreateRuntime(a).addCreateContainer(b)
                        .addStartContainer(c).addPoststart(a).build())
                .build();

        assertThat(built).isEqualTo(ContainerAdjustment.newBuilder().setHooks(Hooks.newBuilder()
                .addPrestart(a).addPrestart(b)
                .addCreateRuntime(a)
                .addCreateContainer(b)
                .addStartContainer(c)
                .addPoststart(a)
                .addPoststop(c)).build());
    }

    @Test
    void rlimitsAndCdiDevicesAreAdded() {
        ContainerAdjustment built = Adjustment.create()
                .addRlimit("RLIMIT_NOFILE", 4096, 1024)
                .addCdiDevice("vendor.com/gpu=0")
                .build();

        assertThat(built).isEqualTo(ContainerAdjustment.newBuilder()
                .addRlimits(POSIXRlimit.newBuilder().setType("RLIMIT_NOFILE").setHard(4096).setSoft(1024))
                .addCDIDevices(CDIDevice.newBuilder().setName("vendor.com/gpu=0"))
                .build());
    }

    @Test
    void devicesAreAddedOrMarkedForRemoval() {
        assertThat(Adjustment.create().addDevice(FUSE).removeDevice("/dev/kvm").build())
                .isEqualTo(linux(LinuxContainerAdjustment.newBuilder()
                        .addDevices(FUSE)
                        .addDevices(LinuxDevice.newBuilder().setPath("-/dev/kvm"))));
    }

    @Test
    void namespacesAreAddedOrMarkedForRemoval() {
        ContainerAdjustment built = Adjustment.create()
                .addOrReplaceNamespace("network", "/var/run/netns/x")
                .addOrReplaceNamespace(LinuxNamespace.newBuilder().setType("ipc").build())
                .removeNamespace("uts")
                .build();

        assertThat(built).isEqualTo(linux(LinuxContainerAdjustment.newBuilder()
                .addNamespaces(LinuxNamespace.newBuilder().setType("network").setPath("/var/run/netns/x"))
                .addNamespaces(LinuxNamespace.newBuilder().setType("ipc"))
                .addNamespaces(LinuxNamespace.newBuilder().setType("-uts"))));
    }

    @Test
    void netDevicesAndSysctlsAreSetOrMarkedForRemoval() {
        ContainerAdjustment built = Adjustment.create()
                .addLinuxNetDevice("eth1", "net0")
                .addLinuxNetDevice("eth2", LinuxNetDevice.newBuilder().setName("net1").build())
                .removeLinuxNetDevice("eth3")
                .setLinuxSysctl("net.core.somaxconn", "1024")
                .removeLinuxSysctl("kernel.shm_rmid_forced")
                .build();

        assertThat(built).isEqualTo(linux(LinuxContainerAdjustment.newBuilder()
                .putNetDevices("eth1", LinuxNetDevice.newBuilder().setName("net0").build())
                .putNetDevices("eth2", LinuxNetDevice.newBuilder().setName("net1").build())
                .putNetDevices("-eth3", LinuxNetDevice.getDefaultInstance())
                .putSysctl("net.core.somaxconn", "1024")
                .putSysctl("-kernel.shm_rmid_forced", "")));
    }

    @Test
    void singleValuedLinuxSettingsAreSet() {
        LinuxIOPriority io = LinuxIOPriority.newBuilder().setClass_(IOPrioClass.IOPRIO_CLASS_BE).setPriority(4).build();
        LinuxSeccomp seccomp = LinuxSeccomp.newBuilder().setDefaultAction("SCMP_ACT_ERRNO")
                .addArchitectures("SCMP_ARCH_X86_64").build();
        LinuxScheduler scheduler = LinuxScheduler.newBuilder().setPolicy(LinuxSchedulerPolicy.SCHED_FIFO)
                .setPriority(10).addFlags(LinuxSchedulerFlag.SCHED_FLAG_RESET_ON_FORK).build();

        ContainerAdjustment built = Adjustment.create()
                .setLinuxCgroupsPath("/kubepods/pod1/ctr")
                .setLinuxOomScoreAdj(-998)
                .setLinuxIoPriority(io)
                .setLinuxSeccompPolicy(seccomp)
                .setLinuxScheduler(scheduler)
                .setLinuxMemoryPolicy(MpolMode.MPOL_BIND, "0-1", MpolFlag.MPOL_F_STATIC_NODES)
                .build();

        assertThat(built).isEqualTo(linux(LinuxContainerAdjustment.newBuilder()
                .setCgroupsPath("/kubepods/pod1/ctr")
                .setOomScoreAdj(OptionalInt.newBuilder().setValue(-998))
                .setIoPriority(io)
                .setSeccompPolicy(seccomp)
                .setScheduler(scheduler)
                .setMemoryPolicy(LinuxMemoryPolicy.newBuilder().setMode(MpolMode.MPOL_BIND).setNodes("0-1")
                        .addFlags(MpolFlag.MPOL_F_STATIC_NODES))));
    }

    @Test
    void rdtSettingsAreSetOrRemoved() {
        ContainerAdjustment built = Adjustment.create()
                .setLinuxRdtClosId("gold")
                .setLinuxRdtSchemata(List.of("L3:0=ff", "MB:0=50"))
                .setLinuxRdtEnableMonitoring(true)
                .removeLinuxRdt()
                .build();

        assertThat(built).isEqualTo(linux(LinuxContainerAdjustment.newBuilder().setRdt(LinuxRdt.newBuilder()
                .setClosId(OptionalString.newBuilder().setValue("gold"))
                .setSchemata(OptionalRepeatedString.newBuilder().addValue("L3:0=ff").addValue("MB:0=50"))
                .setEnableMonitoring(OptionalBool.newBuilder().setValue(true))
                .setRemove(true))));
    }

    @Test
    void fromContinuesAnExistingAdjustment() {
        ContainerAdjustment existing = Adjustment.create().addEnv("A", "1").build();

        assertThat(Adjustment.from(existing).addEnv("B", "2").build()).isEqualTo(ContainerAdjustment.newBuilder()
                .addEnv(KeyValue.newBuilder().setKey("A").setValue("1"))
                .addEnv(KeyValue.newBuilder().setKey("B").setValue("2"))
                .build());
    }

    private static ContainerAdjustment linux(LinuxContainerAdjustment.Builder linux) {
        return ContainerAdjustment.newBuilder().setLinux(linux).build();
    }
}
