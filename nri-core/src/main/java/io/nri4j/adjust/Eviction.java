package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.ContainerEviction;

/**
 * Builds a {@link ContainerEviction}. Evictions travel on the wire but current runtimes drop
 * them; send them only for runtimes that act on them.
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
