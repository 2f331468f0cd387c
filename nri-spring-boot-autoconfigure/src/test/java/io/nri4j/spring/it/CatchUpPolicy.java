package io.nri4j.spring.it;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnEscapedContainer;
import io.nri4j.stub.EscapeCause;
import io.nri4j.stub.EscapedContainer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;

/** Limits every container's memory; catches up the escaped ones with the same limit. */
@Component
class CatchUpPolicy {

    static final long LIMIT = 96L << 20;

    final List<EscapedContainer> escaped = new CopyOnWriteArrayList<>();

    @OnCreateContainer
    Adjustment limit(Container container) {
        return Adjustment.create().setLinuxMemoryLimit(LIMIT);
    }

    @OnEscapedContainer
    Update catchUp(EscapedContainer container, EscapeCause cause) {
        escaped.add(container);
        return cause.escaped() ? Update.forContainer(container.container().getId()).setLinuxMemoryLimit(LIMIT)
                : null;
    }
}
