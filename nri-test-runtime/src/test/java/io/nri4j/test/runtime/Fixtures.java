package io.nri4j.test.runtime;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerState;
import io.nri4j.api.v1alpha1.PodSandbox;

/** A pod and its container, as a runtime would describe them. */
final class Fixtures {

    static final PodSandbox POD = PodSandbox.newBuilder()
            .setId("pod-1").setName("web").setUid("pod-1-uid").setNamespace("default")
            .putLabels("app", "web")
            .build();

    static final Container CONTAINER = Container.newBuilder()
            .setId("ctr-1").setPodSandboxId(POD.getId()).setName("app")
            .setState(ContainerState.CONTAINER_CREATED)
            .addArgs("/app").addEnv("PATH=/bin")
            .build();

    private Fixtures() {
    }
}
