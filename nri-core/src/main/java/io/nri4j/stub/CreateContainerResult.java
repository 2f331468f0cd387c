package io.nri4j.stub;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import java.util.List;

/**
 * The answer to CreateContainer: changes to the new container, updates to other containers, and
 * evictions (which the NRI runtime library of every released runtime drops; see
 * {@code Eviction}).
 *
 * @param adjustment changes to the container being created
 * @param updates resource updates to other, existing containers
 * @param evictions containers to evict
 */
public record CreateContainerResult(ContainerAdjustment adjustment, List<ContainerUpdate> updates,
        List<ContainerEviction> evictions) {

    private static final CreateContainerResult NONE = new CreateContainerResult(
            ContainerAdjustment.getDefaultInstance(), List.of(), List.of());

    /** Nulls stand for "none"; the lists are copied. */
    public CreateContainerResult {
        adjustment = adjustment == null ? ContainerAdjustment.getDefaultInstance() : adjustment;
        updates = updates == null ? List.of() : List.copyOf(updates);
        evictions = evictions == null ? List.of() : List.copyOf(evictions);
    }

    /** No changes at all, as if the plugin were not there. */
    public static CreateContainerResult none() {
        return NONE;
    }

    /** Only an adjustment of the container being created. */
    public static CreateContainerResult of(ContainerAdjustment adjustment) {
        return new CreateContainerResult(adjustment, List.of(), List.of());
    }

    /** Only an adjustment of the container being created, from the builder. */
    public static CreateContainerResult of(Adjustment adjustment) {
        return of(adjustment.build());
    }

    /** This result with these updates to other containers instead of its own. */
    public CreateContainerResult withUpdates(List<ContainerUpdate> updates) {
        return new CreateContainerResult(adjustment, updates, evictions);
    }

    /** This result with these evictions instead of its own. */
    public CreateContainerResult withEvictions(List<ContainerEviction> evictions) {
        return new CreateContainerResult(adjustment, updates, evictions);
    }
}
