package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import java.util.List;

/**
 * The answer to UpdateContainer. An update for the container being updated replaces the
 * resources the runtime was asked to apply.
 */
public record UpdateContainerResult(List<ContainerUpdate> updates, List<ContainerEviction> evictions) {

    public UpdateContainerResult {
        updates = updates == null ? List.of() : List.copyOf(updates);
        evictions = evictions == null ? List.of() : List.copyOf(evictions);
    }

    public static UpdateContainerResult none() {
        return new UpdateContainerResult(List.of(), List.of());
    }

    public static UpdateContainerResult of(List<ContainerUpdate> updates) {
        return new UpdateContainerResult(updates, List.of());
    }
}
