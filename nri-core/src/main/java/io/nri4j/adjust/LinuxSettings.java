package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalRepeatedString;
import io.nri4j.api.v1alpha1.OptionalString;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The single-valued Linux settings of an {@link Adjustment}: the container process's cgroup
 * path, OOM score, I/O priority, seccomp policy, scheduling, memory policy and RDT class.
 */
public sealed interface LinuxSettings permits Adjustment {

    /** The Linux part of the adjustment so far. */
    LinuxContainerAdjustment linux();

    /** A copy of this adjustment with {@code linux} as its Linux part. */
    Adjustment withLinux(LinuxContainerAdjustment linux);

    /** Sets the container's cgroup path (OCI {@code linux.cgroupsPath}), claiming it. */
    default Adjustment setLinuxCgroupsPath(String path) {
        return changeLinux(l -> l.setCgroupsPath(path));
    }

    /** Sets the OOM killer's score adjustment of the container's process, -1000 to 1000. */
    default Adjustment setLinuxOomScoreAdj(int score) {
        return changeLinux(l -> l.setOomScoreAdj(OptionalInt.newBuilder().setValue(score)));
    }

    /** Sets the I/O priority (class and level) of the container's process. */
    default Adjustment setLinuxIoPriority(LinuxIOPriority priority) {
        return changeLinux(l -> l.setIoPriority(priority));
    }

    /** Replaces the container's seccomp policy. */
    default Adjustment setLinuxSeccompPolicy(LinuxSeccomp policy) {
        return changeLinux(l -> l.setSeccompPolicy(policy));
    }

    /** Sets the scheduling policy and attributes of the container's process. */
    default Adjustment setLinuxScheduler(LinuxScheduler scheduler) {
        return changeLinux(l -> l.setScheduler(scheduler));
    }

    /**
     * Sets the NUMA memory policy of the container's process ({@code set_mempolicy(2)}).
     *
     * @param mode the policy, e.g. {@link MpolMode#MPOL_INTERLEAVE}
     * @param nodes the NUMA nodes it applies to, as a list such as {@code 0-1,3}
     * @param flags mode flags, if any
     */
    default Adjustment setLinuxMemoryPolicy(MpolMode mode, String nodes, MpolFlag... flags) {
        return changeLinux(l -> l.setMemoryPolicy(LinuxMemoryPolicy.newBuilder().setMode(mode).setNodes(nodes)
                .addAllFlags(Arrays.asList(flags))));
    }

    // --- RDT ------------------------------------------------------------------------------------

    /** Puts the container into an RDT class of service: the name of its resctrl group. */
    default Adjustment setLinuxRdtClosId(String closId) {
        return changeLinux(l -> l.getRdtBuilder().setClosId(OptionalString.newBuilder().setValue(closId)));
    }

    /** Sets the container's RDT schemata, one resctrl line each, e.g. {@code L3:0=ff}. */
    default Adjustment setLinuxRdtSchemata(List<String> schemata) {
        return changeLinux(l -> l.getRdtBuilder()
                .setSchemata(OptionalRepeatedString.newBuilder().addAllValue(schemata)));
    }

    /** Turns RDT monitoring of the container on or off. */
    default Adjustment setLinuxRdtEnableMonitoring(boolean enable) {
        return changeLinux(l -> l.getRdtBuilder().setEnableMonitoring(OptionalBool.newBuilder().setValue(enable)));
    }

    /** Drops the container's RDT settings, unless this adjustment also sets some. */
    default Adjustment removeLinuxRdt() {
        return changeLinux(l -> l.getRdtBuilder().setRemove(true));
    }

    private Adjustment changeLinux(Consumer<LinuxContainerAdjustment.Builder> change) {
        LinuxContainerAdjustment.Builder linux = linux().toBuilder();
        change.accept(linux);
        return withLinux(linux.build());
    }
}
