package io.nri4j.samples.logger;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.audit.AdjustmentSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The short forms the log lines use. Environment variables appear by name only: their values
 * often hold credentials, and a log is no place for those.
 */
final class Describe {

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
        return AdjustmentSummary.env(entries);
    }

    static List<String> mounts(List<Mount> mounts) {
        return AdjustmentSummary.mounts(mounts);
    }

    /** The limits a request sets, e.g. {@code memory limit 268435456, cpu shares 512}; {@code none} if it sets none. */
    static String resources(LinuxResources resources) {
        return AdjustmentSummary.resources(resources);
    }

    /**
     * What a merged adjustment changes, e.g. {@code annotations [a], env [B=<redacted>]};
     * {@code nothing} if nothing. The starter's audit log (nri.audit.enabled) writes the same.
     */
    static String adjustment(ContainerAdjustment adjust) {
        return AdjustmentSummary.of(adjust);
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
