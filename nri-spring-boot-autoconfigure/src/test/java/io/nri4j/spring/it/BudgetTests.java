package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/** A handler slower than the runtime allows is answered at its budget; the plugin stays connected. */
class BudgetTests {

    @Component
    static class Slow {
        @OnCreateContainer
        Adjustment create(PodSandbox pod, Container container) throws InterruptedException {
            if (pod.getId().equals("slow")) {
                new CountDownLatch(1).await(); // until the budget interrupts it
            }
            return Adjustment.create().addAnnotation("handled", container.getName());
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aHandlerSleepingPastTheBudgetDoesNotGetThePluginDisconnected() {
        UpstreamRuntime runtime = apps.runtime(UpstreamRuntime.Mode.LIBRARY,
                UpstreamRuntime.Options.defaults().withRequestTimeout(Duration.ofSeconds(1)));
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Slow.class),
                "nri.handler.budget.fraction=0.5");

        CreateContainerResponse slow = runtime.createContainer(pod("slow"), container(pod("slow"), "late"));

        // The runtime judges its deadline: a call it gave up on is recorded with its error, and
        // the plugin is dropped. Its verdict, not a clock of the test's own, which load slows too.
        assertThat(runtime.calls()).filteredOn(call -> call.toPlugin() && call.method().equals("CreateContainer"))
                .singleElement().satisfies(call -> assertThat(call.error())
                        .as("answered before the runtime's deadline").isEmpty());
        assertThat(slow.getAdjust().getAnnotationsMap()).doesNotContainKey("handled");
        CreateContainerResponse fast = runtime.createContainer(pod("fast"), container(pod("fast"), "quick"));
        assertThat(fast.getAdjust().getAnnotationsMap()).containsEntry("handled", "quick");
        assertThat(runtime.calls()).allSatisfy(call -> assertThat(call.error()).isEmpty());
        assertThat(app.getBean(ConnectionState.class).reconnects()).isZero();
        assertThat(app.getBean(MeterRegistry.class).counter("nri.plugin.budget.overruns", "request", "CreateContainer")
                .count()).isEqualTo(1);
    }
}
