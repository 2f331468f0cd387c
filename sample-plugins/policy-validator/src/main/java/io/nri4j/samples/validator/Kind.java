package io.nri4j.samples.validator;

import io.nri4j.api.v1alpha1.Field;
import java.util.Locale;

/**
 * The kinds of change a policy allows or forbids, each a group of the fields the runtime tracks
 * owners for. The switch has no default: a field added to the API fails the build here until it
 * is given a kind.
 */
public enum Kind {
    ANNOTATIONS, ENV, ARGS, MOUNTS, DEVICES, HOOKS, RLIMITS, RESOURCES, SCHEDULING, NAMESPACES, SECCOMP, SYSCTL,
    /** A field this validator does not know (a newer runtime's); no default allows it. */
    UNKNOWN;

    static Kind of(Field field) {
        return switch (field) {
            case Annotations -> ANNOTATIONS;
            case Env -> ENV;
            case Args -> ARGS;
            case Mounts -> MOUNTS;
            case Devices, CdiDevices, LinuxNetDevices -> DEVICES;
            case OciHooks -> HOOKS;
            case Rlimits -> RLIMITS;
            case MemLimit, MemReservation, MemSwapLimit, MemKernelLimit, MemTCPLimit, MemSwappiness,
                    MemDisableOomKiller, MemUseHierarchy, CPUShares, CPUQuota, CPUPeriod, CPURealtimeRuntime,
                    CPURealtimePeriod, CPUSetCPUs, CPUSetMems, PidsLimit, HugepageLimits, BlockioClass, RdtClass,
                    CgroupsUnified, CgroupsPath, RdtClosID, RdtSchemata, RdtEnableMonitoring -> RESOURCES;
            case OomScoreAdj, IoPriority, LinuxSched, MemoryPolicy -> SCHEDULING;
            case Namespace -> NAMESPACES;
            case SeccompPolicy -> SECCOMP;
            case Sysctl -> SYSCTL;
            case None, UNRECOGNIZED -> UNKNOWN;
        };
    }

    /** The name properties use: {@code annotations}, {@code env}, ... */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
