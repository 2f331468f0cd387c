package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.LinuxResources;

/**
 * Builds a {@link ContainerUpdate}: new resources for an existing container, sent in a reply
 * (CreateContainer for other containers, UpdateContainer, StopContainer, Synchronize) or on its
 * own with {@code NriStub.updateContainers}.
 */
public final class Update implements ResourceChanges<Update> {

    private final ContainerUpdate update;

    private Update(ContainerUpdate update) {
        this.update = update;
    }

    public static Update forContainer(String containerId) {
        return new Update(ContainerUpdate.newBuilder().setContainerId(containerId).build());
    }

    /** Do not fail the runtime operation if this update cannot be applied. */
    public Update ignoreFailure() {
        return new Update(update.toBuilder().setIgnoreFailure(true).build());
    }

    @Override
    public LinuxResources resources() {
        return update.getLinux().getResources();
    }

    @Override
    public Update withResources(LinuxResources resources) {
        ContainerUpdate.Builder builder = update.toBuilder();
        builder.getLinuxBuilder().setResources(resources);
        return new Update(builder.build());
    }

    public ContainerUpdate build() {
        return update;
    }
}
