package io.nri4j.spring.requests;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import java.util.LinkedHashMap;
import java.util.Map;

/** The pod and container a request is about, as the endpoint and the audit log name them. */
public final class Subjects {

    private Subjects() {
    }

    /** {@code namespace}, {@code pod}, {@code container}: those the request names; empty for none. */
    public static Map<String, String> of(PodSandbox pod, Container container) {
        Map<String, String> m = new LinkedHashMap<>();
        if (pod != PodSandbox.getDefaultInstance()) {
            m.put("namespace", pod.getNamespace());
            m.put("pod", pod.getName());
        }
        if (container != Container.getDefaultInstance()) {
            m.put("container", container.getName());
        }
        return m;
    }

    /** {@code namespace/pod/container}, {@code namespace/pod}, or {@code -} when the request names neither. */
    public static String path(PodSandbox pod, Container container) {
        boolean hasPod = pod != PodSandbox.getDefaultInstance();
        boolean hasContainer = container != Container.getDefaultInstance();
        if (!hasPod && !hasContainer) {
            return "-";
        }
        String where = hasPod ? pod.getNamespace() + "/" + pod.getName() : container.getPodSandboxId();
        return hasContainer ? where + "/" + container.getName() : where;
    }
}
