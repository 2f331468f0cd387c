package io.nri4j.conformance;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Hook;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.IOPrioClass;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSchedulerFlag;
import io.nri4j.api.v1alpha1.LinuxSchedulerPolicy;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.LinuxSeccompArg;
import io.nri4j.api.v1alpha1.LinuxSyscall;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalFileMode;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalUInt32;
import io.nri4j.stub.PluginIdentity;
import java.util.List;

/**
 * Named adjustments, each written with the {@link Adjustment} builder. The harness builds the
 * same adjustment with upstream's Go helpers and compares the two on the wire, so the names and
 * values here must match {@code harness/adjustments.go}.
 */
final class AdjustmentCases {

    private AdjustmentCases() {
    }

    static Adjustment apply(String name, Adjustment a, PluginIdentity self) {
        return switch (name) {
            case "annotations" -> a.addAnnotation("conformance.nri4j.io/added", "yes")
                    .removeAnnotation("conformance.nri4j.io/doomed");
            case "mounts" -> a.addMount("/host/data", "/data", "bind", "rbind", "ro").removeMount("/doomed");
            case "env" -> a.addEnv("ADDED", "yes").removeEnv("DOOMED");
            case "args-set" -> a.setArgs("/bin/sh", "-c", "echo hello");
            case "args-update" -> a.updateArgs(List.of("/bin/true"));
            case "hooks" -> a.addHooks(Hooks.newBuilder()
                    .addPrestart(Hook.newBuilder().setPath("/bin/prestart").addArgs("prestart").addArgs("a")
                            .addEnv("A=1").setTimeout(OptionalInt.newBuilder().setValue(5)))
                    .addPoststop(Hook.newBuilder().setPath("/bin/poststop"))
                    .build());
            case "devices" -> a.addDevice(LinuxDevice.newBuilder().setPath("/dev/added").setType("c")
                            .setMajor(1).setMinor(3)
                            .setFileMode(OptionalFileMode.newBuilder().setValue(0666))
                            .setUid(OptionalUInt32.newBuilder().setValue(0))
                            .setGid(OptionalUInt32.newBuilder().setValue(0)).build())
                    .removeDevice("/dev/doomed");
            case "namespaces" -> a.addOrReplaceNamespace("network", "/var/run/netns/conformance")
                    .removeNamespace("ipc");
            case "rlimits" -> a.addRlimit("RLIMIT_NOFILE", 1024, 512).addRlimit("RLIMIT_NPROC", 200, 100);
            case "cdi" -> a.addCdiDevice("vendor.com/device=one").addCdiDevice("vendor.com/device=two");
            case "ioprio" -> a.setLinuxIoPriority(LinuxIOPriority.newBuilder()
                    .setClass_(IOPrioClass.IOPRIO_CLASS_BE).setPriority(4).build());
            case "netdevices" -> a.addLinuxNetDevice("eth1", "net1").removeLinuxNetDevice("eth2");
            case "scheduler" -> a.setLinuxScheduler(LinuxScheduler.newBuilder()
                    .setPolicy(LinuxSchedulerPolicy.SCHED_BATCH).setNice(5)
                    .addFlags(LinuxSchedulerFlag.SCHED_FLAG_RESET_ON_FORK).build());
            case "sysctl" -> a.setLinuxSysctl("net.ipv4.ip_forward", "1").removeLinuxSysctl("net.core.somaxconn");
            case "mempolicy" -> a.setLinuxMemoryPolicy(MpolMode.MPOL_BIND, "0-1", MpolFlag.MPOL_F_STATIC_NODES);
            case "cpu" -> a.setLinuxCpuShares(512).setLinuxCpuQuota(20000).setLinuxCpuPeriod(100000)
                    .setLinuxCpuRealtimeRuntime(100).setLinuxCpuRealtimePeriod(1000)
                    .setLinuxCpusetCpus("0-1").setLinuxCpusetMems("0");
            case "memory" -> a.setLinuxMemoryLimit(1L << 30).setLinuxMemoryReservation(512L << 20)
                    .setLinuxMemorySwap(2L << 30).setLinuxMemoryKernel(64L << 20)
                    .setLinuxMemoryKernelTcp(32L << 20).setLinuxMemorySwappiness(30)
                    .setLinuxMemoryDisableOomKiller().setLinuxMemoryUseHierarchy();
            case "classes" -> a.setLinuxBlockioClass("high").setLinuxRdtClass("gold");
            case "hugepages" -> a.addLinuxHugepageLimit("2MB", 2L << 30).addLinuxHugepageLimit("1GB", 1L << 30);
            case "unified" -> a.addLinuxUnified("memory.high", "1073741824");
            case "pids" -> a.setLinuxPidsLimit(100);
            case "cgroupspath" -> a.setLinuxCgroupsPath("/conformance/cgroup");
            case "oomscore" -> a.setLinuxOomScoreAdj(500);
            case "seccomp" -> a.setLinuxSeccompPolicy(LinuxSeccomp.newBuilder()
                    .setDefaultAction("SCMP_ACT_ERRNO").setDefaultErrno(OptionalUInt32.newBuilder().setValue(1))
                    .addArchitectures("SCMP_ARCH_X86_64").addFlags("SECCOMP_FILTER_FLAG_LOG")
                    .addSyscalls(LinuxSyscall.newBuilder().addNames("read").addNames("write")
                            .setAction("SCMP_ACT_ALLOW")
                            .addArgs(LinuxSeccompArg.newBuilder().setIndex(0).setValue(1).setOp("SCMP_CMP_EQ")))
                    .build());
            case "rdt" -> a.setLinuxRdtClosId("clos1").setLinuxRdtSchemata(List.of("L3:0=ff"))
                    .setLinuxRdtEnableMonitoring(true);
            case "rdt-remove" -> a.removeLinuxRdt();
            // Two-plugin cases: values name the plugin, so the harness sees who won.
            case "order-env" -> a.addEnv("ORDER_" + self.index(), self.fullName());
            case "claim-annotation" -> a.addAnnotation("conformance.nri4j.io/owner", self.fullName());
            case "takeover-annotation" -> a.removeAnnotation("conformance.nri4j.io/owner")
                    .addAnnotation("conformance.nri4j.io/owner", self.fullName());
            case "takeover-env" -> a.removeEnv("OWNER").addEnv("OWNER", self.fullName());
            case "claim-memory" -> a.setLinuxMemoryLimit(256L << 20);
            case "hook-" + "merge" -> a.addHooks(Hooks.newBuilder()
                    .addPrestart(Hook.newBuilder().setPath("/bin/" + self.fullName())).build());
            case "forbidden" -> a.addAnnotation("conformance.nri4j.io/forbidden", "set by " + self.fullName());
            case "" -> a;
            default -> throw new IllegalArgumentException("unknown adjustment case \"" + name + "\"");
        };
    }
}
