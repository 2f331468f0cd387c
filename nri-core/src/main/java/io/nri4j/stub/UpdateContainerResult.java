package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import java.util.List;

/**
 * The answer to UpdateContainer. An update for the container being updated replaces the
 * resources the runtime was asked to apply.
 *
 * @param updates resource updates, to this or other containers
 * @param evictions containers to evict (current runtimes ignore them)
 */
public record UpdateContainerResult(List<ContainerUpdate> updates, List<ContainerEviction> evictions) {

    /** Nulls stand for "none"; the lists are copied. */
    public UpdateContainerResult {
        updates = updates == null ? List.of() : List.copyOf(updates);
        evictions = evictions == null ? List.of() : List.copyOf(evictions);
    }

    /** No changes from this plugin. */
    public static UpdateContainerResult none() {
        return new UpdateContainerResult(List.of(), List.of());
    }

    /** These updates, and no evictions. */
    public static UpdateContainerResult of(List<ContainerUpdate> updates) {
        return new UpdateContainerResult(updates, List.of());
    }
}
