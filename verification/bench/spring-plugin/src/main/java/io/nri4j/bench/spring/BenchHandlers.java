package io.nri4j.bench.spring;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnStartContainer;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/** The same work as the nri-core and Go peers: annotate and set an env var, count starts. */
@Component
class BenchHandlers {

    private final LongAdder started = new LongAdder();

    @OnCreateContainer
    Adjustment create(Container container) {
        return Adjustment.create()
                .addAnnotation("bench.nri4j.io/greeting", "hello, " + container.getName())
                .addEnv("BENCH", "1");
    }

    @OnStartContainer
    void start() {
        started.increment();
    }
}
