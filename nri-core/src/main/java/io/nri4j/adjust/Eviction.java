package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.ContainerEviction;

/**
 * Builds a {@link ContainerEviction} for a CreateContainer or UpdateContainer reply. containerd
 * 2.1 to 2.4 would stop each container its NRI layer hands back as evicted, but the NRI runtime
 * library between the plugin and containerd (v0.8.0 to v0.12.5, {@code pkg/adaptation/result.go})
 * builds its replies without the plugins' evictions, and ignores those of an unsolicited
 * {@code UpdateContainers}: no released runtime acts on one. To have an escaped container
 * created again through the plugin, return {@code CatchUp.evict(reason)} from the
 * escaped-container handler, which stops it without the runtime's help.
 */
public final class Eviction {

    private final ContainerEviction eviction;

    private Eviction(ContainerEviction eviction) {
        this.eviction = eviction;
    }

    /** An eviction of the container with this id. */
    public static Eviction of(String containerId) {
        return new Eviction(ContainerEviction.newBuilder().setContainerId(containerId).build());
    }

    /** A human-readable reason for the eviction. */
    public Eviction reason(String reason) {
        return new Eviction(eviction.toBuilder().setReason(reason).build());
    }

    /** The eviction as the message a reply carries. */
    public ContainerEviction build() {
        return eviction;
    }
}
