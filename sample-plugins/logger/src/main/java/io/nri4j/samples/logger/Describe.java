package io.nri4j.samples.logger;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.PodSandbox;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The short forms the log lines use. Environment variables appear by name only: their values
 * often hold credentials, and a log is no place for those.
 */
final class Describe {

    static final String REDACTED = "<redacted>";

    private Describe() {
    }

    /** {@code pod default/web}. */
    static String pod(PodSandbox pod) {
        return "pod " + pod.getNamespace() + "/" + pod.getName();
    }

    /** {@code container default/web/app}. */
    static String container(PodSandbox pod, Container container) {
        return "container " + pod.getNamespace() + "/" + pod.getName() + "/" + container.getName();
    }

    static String state(Container container) {
        return container.getState().name().replace("CONTAINER_", "").toLowerCase(Locale.ROOT);
    }

    /** {@code NAME=value} entries as {@code NAME=<redacted>}. */
    static List<String> env(List<String> entries) {
        return entries.stream().map(e -> redact(e.contains("=") ? e.substring(0, e.indexOf('=')) : e)).toList();
    }

    /** Adjusted variables as {@code NAME=<redacted>}; a removal keeps its leading {@code -}, which has no value. */
    static List<String> adjustedEnv(List<KeyValue> entries) {
        return entries.stream().map(e -> e.getKey().startsWith("-") ? e.getKey() : redact(e.getKey())).toList();
    }

    static String redact(String name) {
        return name + "=" + REDACTED;
    }

    static List<String> mounts(List<Mount> mounts) {
        return mounts.stream().map(Mount::getDestination).toList();
    }

    /** The limits a request sets, e.g. {@code memory limit 268435456, cpu shares 512}; {@code none} if it sets none. */
    static String resources(LinuxResources resources) {
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

    /**
     * What a merged adjustment changes, e.g. {@code annotations [a], env [B=<redacted>]};
     * {@code nothing} if nothing.
     */
    static String adjustment(ContainerAdjustment adjust) {
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

    private static void add(List<String> parts, String what, List<String> values) {
        if (!values.isEmpty()) {
            parts.add(what + " " + values);
        }
    }

    /** {@code [default/web, kube-system/dns]}. */
    static List<String> pods(List<PodSandbox> pods) {
        return pods.stream().map(p -> p.getNamespace() + "/" + p.getName()).toList();
    }

    /** Containers as {@code default/web/app (running)}, their pods looked up in {@code pods}. */
    static List<String> containers(List<PodSandbox> pods, List<Container> containers) {
        Map<String, PodSandbox> byId = pods.stream().collect(Collectors.toMap(PodSandbox::getId, p -> p, (a, b) -> a));
        return containers.stream().map(c -> {
            PodSandbox pod = byId.get(c.getPodSandboxId());
            String where = pod == null ? c.getPodSandboxId() : pod.getNamespace() + "/" + pod.getName();
            return where + "/" + c.getName() + " (" + state(c) + ")";
        }).toList();
    }
}
