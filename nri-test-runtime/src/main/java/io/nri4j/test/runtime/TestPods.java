package io.nri4j.test.runtime;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;

/** Pods and containers for tests, with the identifiers a runtime would give them. */
public final class TestPods {

    private TestPods() {
    }

    /** A pod in namespace {@code default}, with id and uid derived from its name; add annotations, labels, ... */
    public static PodSandbox.Builder pod(String name) {
        return PodSandbox.newBuilder().setId(name + "-id").setUid(name + "-uid").setName(name).setNamespace("default");
    }

    /** A container of {@code pod}, with an id derived from both names. */
    public static Container.Builder container(PodSandbox pod, String name) {
        return Container.newBuilder().setId(pod.getId() + "-" + name).setPodSandboxId(pod.getId()).setName(name);
    }
}
