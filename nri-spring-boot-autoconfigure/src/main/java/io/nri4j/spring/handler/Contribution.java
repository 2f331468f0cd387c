package io.nri4j.spring.handler;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.ValidationResult;
import java.util.List;

/** What one handler method returned, in one shape for every request, ready to merge. */
record Contribution(ContainerAdjustment adjustment, List<ContainerUpdate> updates, List<ContainerEviction> evictions,
        ValidationResult verdict, EventMask mask) {

    static final Contribution NOTHING = new Contribution(null, List.of(), List.of(), null, null);

    static Contribution adjustment(ContainerAdjustment adjustment, List<ContainerUpdate> updates,
            List<ContainerEviction> evictions) {
        return new Contribution(adjustment, updates, evictions, null, null);
    }

    static Contribution updates(List<ContainerUpdate> updates, List<ContainerEviction> evictions) {
        return new Contribution(null, updates, evictions, null, null);
    }

    static Contribution verdict(ValidationResult verdict) {
        return new Contribution(null, List.of(), List.of(), verdict, null);
    }

    static Contribution mask(EventMask mask) {
        return new Contribution(null, List.of(), List.of(), null, mask);
    }
}
