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

    /** An update with no changes yet for the container with this id. */
    public static Update forContainer(String containerId) {
        return new Update(ContainerUpdate.newBuilder().setContainerId(containerId).build());
    }

    /**
     * Marks the update as optional: if the runtime cannot apply it, the operation it came with
     * (creating or updating a container, ...) still succeeds.
     */
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

    /** The update as the message a reply or {@code UpdateContainers} carries. */
    public ContainerUpdate build() {
        return update;
    }
}
