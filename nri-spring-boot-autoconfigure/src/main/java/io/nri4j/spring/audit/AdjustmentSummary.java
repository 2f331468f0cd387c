package io.nri4j.spring.audit;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
import java.util.ArrayList;
import java.util.List;

/**
 * What an adjustment changes, in one line for logs: which fields, never the environment's
 * values, which often hold credentials: a variable shows as {@code NAME=<redacted>}.
 */
public final class AdjustmentSummary {

    /** What stands in for an environment variable's value. */
    public static final String REDACTED = "<redacted>";

    private AdjustmentSummary() {
    }

    /**
     * What {@code adjust} changes, e.g. {@code annotations [a], env [B=<redacted>], mounts [/data]};
     * {@code nothing} if nothing.
     */
    public static String of(ContainerAdjustment adjust) {
        List<String> parts = new ArrayList<>();
        add(parts, "annotations", adjust.getAnnotationsMap().keySet().stream().sorted().toList());
        add(parts, "env", adjustedEnv(adjust.getEnvList()));
        add(parts, "mounts", mounts(adjust.getMountsList()));
        add(parts, "args", adjust.getArgsList());
        add(parts, "rlimits", adjust.getRlimitsList().stream().map(r -> r.getType()).toList());
        add(parts, "cdi devices", adjust.getCDIDevicesList().stream().map(d -> d.getName()).toList());
        add(parts, "devices", adjust.getLinux().getDevicesList().stream().map(d -> d.getPath()).toList());
        if (adjust.getHooks().getSerializedSize() > 0) {
            parts.add("hooks");
        }
        String resources = resources(adjust.getLinux().getResources());
        if (!resources.equals("none")) {
            parts.add("resources " + resources);
        }
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    /** {@code NAME=value} entries, as a container's environment holds them, as {@code NAME=<redacted>}. */
    public static List<String> env(List<String> entries) {
        return entries.stream().map(e -> redact(e.contains("=") ? e.substring(0, e.indexOf('=')) : e)).toList();
    }

    /** Adjusted variables as {@code NAME=<redacted>}; a removal keeps its leading {@code -}, which has no value. */
    public static List<String> adjustedEnv(List<KeyValue> entries) {
        return entries.stream().map(e -> e.getKey().startsWith("-") ? e.getKey() : redact(e.getKey())).toList();
    }

    /** The mounts' destinations. */
    public static List<String> mounts(List<Mount> mounts) {
        return mounts.stream().map(Mount::getDestination).toList();
    }

    /** The limits {@code resources} sets, e.g. {@code memory limit 268435456, cpu shares 512}; {@code none} if none. */
    public static String resources(LinuxResources resources) {
        List<String> parts = new ArrayList<>();
        LinuxMemory memory = resources.getMemory();
        if (memory.hasLimit()) {
            parts.add("memory limit " + memory.getLimit().getValue());
        }
        if (memory.hasReservation()) {
            parts.add("memory reservation " + memory.getReservation().getValue());
        }
        LinuxCPU cpu = resources.getCpu();
        if (cpu.hasShares()) {
            parts.add("cpu shares " + cpu.getShares().getValue());
        }
        if (cpu.hasQuota()) {
            parts.add("cpu quota " + cpu.getQuota().getValue());
        }
        if (cpu.hasPeriod()) {
            parts.add("cpu period " + cpu.getPeriod().getValue());
        }
        if (!cpu.getCpus().isEmpty()) {
            parts.add("cpus " + cpu.getCpus());
        }
        if (resources.hasPids()) {
            parts.add("pids limit " + resources.getPids().getLimit());
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private static String redact(String name) {
        return name + "=" + REDACTED;
    }

    private static void add(List<String> parts, String what, List<String> values) {
        if (!values.isEmpty()) {
            parts.add(what + " " + values);
        }
    }
}
