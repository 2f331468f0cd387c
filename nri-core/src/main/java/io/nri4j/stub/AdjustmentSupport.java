package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The fields of a {@link ContainerAdjustment} each NRI runtime library applies, read from its
 * own sources ({@code github.com/containerd/nri} at v0.8.0, v0.9.1-0.20250219030224-e597e7849f24,
 * v0.10.0, v0.11.0, v0.12.0, v0.12.3 and v0.12.5). A runtime drops a field two ways: its
 * {@code pkg/api/api.proto} lacks it, so decoding the reply discards it; or
 * {@code pkg/adaptation/result.go} decodes it but {@code (*result).adjust} never merges it into
 * the adjustment the runtime applies.
 *
 * <p>Every other field (annotations, mounts, env, hooks, rlimits, CDI devices, linux devices,
 * cgroups path, OOM score, and the linux resources but {@code devices}) is decoded and merged by
 * every one of these versions, so only its absence from runtimes before NRI v0.8.0, whose sources
 * were not read, could go unreported. A pre-release counts as before its release.
 */
final class AdjustmentSupport {

    private static final NriVersion V0_10_0 = NriVersion.V0_10_0;
    private static final NriVersion V0_11_0 = new NriVersion(0, 11, 0, "");
    private static final NriVersion V0_12_0 = new NriVersion(0, 12, 0, "");

    /**
     * A field by its dotted proto name, the first NRI version that applies it, and whether an
     * adjustment sets it.
     */
    record Field(String name, NriVersion since, Predicate<ContainerAdjustment> set) {
    }

    /** Each field some runtime library of NRI v0.8.0 or later drops, in the proto's order. */
    static final List<Field> FIELDS = List.of(
            // v0.10.0: api.proto adds ContainerAdjustment.args = 9; result.go's adjust calls adjustArgs.
            new Field("args", V0_10_0, a -> a.getArgsCount() > 0),
            // v0.8.0's api.proto has LinuxResources.devices = 7 ("for NRI v1 emulation"), but its
            // result.go's adjustResources skips it; v0.10.0's appends resources.Devices to the reply.
            new Field("linux.resources.devices", V0_10_0,
                    a -> a.getLinux().getResources().getDevicesCount() > 0),
            // v0.10.0: api.proto adds LinuxContainerAdjustment.io_priority = 5, seccomp_policy = 6 and
            // namespaces = 7; result.go calls adjustIOPriority, adjustSeccompPolicy, adjustNamespaces.
            new Field("linux.io_priority", V0_10_0, a -> a.getLinux().hasIoPriority()),
            new Field("linux.seccomp_policy", V0_10_0, a -> a.getLinux().hasSeccompPolicy()),
            new Field("linux.namespaces", V0_10_0, a -> a.getLinux().getNamespacesCount() > 0),
            // v0.11.0: api.proto adds sysctl = 8, net_devices = 9, scheduler = 10 and rdt = 11;
            // result.go calls adjustSysctl, adjustLinuxNetDevices, adjustLinuxScheduler, adjustRdt.
            // (v0.11.x crashes on sysctl: KnownRuntimeBugs refuses it there.)
            new Field("linux.sysctl", V0_11_0, a -> a.getLinux().getSysctlCount() > 0),
            new Field("linux.net_devices", V0_11_0, a -> a.getLinux().getNetDevicesCount() > 0),
            new Field("linux.scheduler", V0_11_0, a -> a.getLinux().hasScheduler()),
            new Field("linux.rdt", V0_11_0, a -> a.getLinux().hasRdt()),
            // v0.12.0: api.proto adds memory_policy = 12; result.go calls adjustMemoryPolicy.
            new Field("linux.memory_policy", V0_12_0, a -> a.getLinux().hasMemoryPolicy()));

    /** From this version on, every field of the API nri4j speaks is applied. */
    private static final NriVersion APPLIES_ALL = V0_12_0;

    private AdjustmentSupport() {
    }

    /**
     * The fields {@code adjustment} sets that a runtime of NRI version {@code runtime} ignores,
     * by dotted proto name; an empty list, allocated once for all, when there are none.
     */
    static List<String> ignoredFields(NriVersion runtime, ContainerAdjustment adjustment) {
        if (runtime.compareTo(APPLIES_ALL) >= 0) {
            return List.of();
        }
        List<String> ignored = null;
        for (int i = 0; i < FIELDS.size(); i++) {
            Field f = FIELDS.get(i);
            if (runtime.compareTo(f.since()) < 0 && f.set().test(adjustment)) {
                if (ignored == null) {
                    ignored = new ArrayList<>(2);
                }
                ignored.add(f.name());
            }
        }
        return ignored == null ? List.of() : List.copyOf(ignored);
    }

    /** The first NRI version that applies {@code field}; empty for a field every version applies. */
    static Optional<NriVersion> since(String field) {
        for (Field f : FIELDS) {
            if (f.name().equals(field)) {
                return Optional.of(f.since());
            }
        }
        return Optional.empty();
    }
}
