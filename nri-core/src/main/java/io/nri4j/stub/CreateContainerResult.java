package io.nri4j.stub;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import java.util.List;

/**
 * The answer to CreateContainer: changes to the new container, updates to other containers, and
 * evictions (which current runtimes ignore).
 */
public record CreateContainerResult(ContainerAdjustment adjustment, List<ContainerUpdate> updates,
        List<ContainerEviction> evictions) {

    private static final CreateContainerResult NONE = new CreateContainerResult(
            ContainerAdjustment.getDefaultInstance(), List.of(), List.of());

    public CreateContainerResult {
        adjustment = adjustment == null ? ContainerAdjustment.getDefaultInstance() : adjustment;
        updates = updates == null ? List.of() : List.copyOf(updates);
        evictions = evictions == null ? List.of() : List.copyOf(evictions);
    }

    public static CreateContainerResult none() {
        return NONE;
    }

    public static CreateContainerResult of(ContainerAdjustment adjustment) {
        return new CreateContainerResult(adjustment, List.of(), List.of());
    }

    public static CreateContainerResult of(Adjustment adjustment) {
        return of(adjustment.build());
    }

    public CreateContainerResult withUpdates(List<ContainerUpdate> updates) {
        return new CreateContainerResult(adjustment, updates, evictions);
    }

    public CreateContainerResult withEvictions(List<ContainerEviction> evictions) {
        return new CreateContainerResult(adjustment, updates, evictions);
    }
}
