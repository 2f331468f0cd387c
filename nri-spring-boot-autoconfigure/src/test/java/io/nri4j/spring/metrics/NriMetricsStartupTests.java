package io.nri4j.spring.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.RequiredSearch;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import io.nri4j.spring.boot.autoconfigure.NriAutoConfiguration;
import io.nri4j.spring.boot.autoconfigure.NriMetricsAutoConfiguration;
import io.nri4j.stub.ValidationResult;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The request meters exist, at zero, as soon as the application has started: before any request. */
class NriMetricsStartupTests {

    static class Handlers {
        @OnCreateContainer
        Adjustment create(Container container) {
            return Adjustment.create();
        }

        @OnValidateContainerAdjustment
        ValidationResult validate(Container container) {
            return ValidationResult.accept();
        }
    }

    // No runtime listens there: nothing is ever requested.
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class, NriAutoConfiguration.class,
                    NriMetricsAutoConfiguration.class))
            .withBean(SimpleMeterRegistry.class)
            .withBean(Handlers.class)
            .withPropertyValues("nri.plugin.name=meters", "nri.plugin.index=10",
                    "nri.socket-path=/nonexistent/nri.sock");

    @Test
    void everySubscribedRequestHasItsTimersAndCountersAtZero() {
        runner.run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            for (String request : new String[] {"Configure", "Synchronize", "CreateContainer",
                    "ValidateContainerAdjustment"}) {
                for (String outcome : new String[] {"success", "error", "overrun"}) {
                    assertThat(requests(registry, request, outcome).timer().count()).isZero();
                }
                assertThat(registry.get("nri.plugin.errors").tag("request", request).counter().count()).isZero();
                assertThat(registry.get("nri.plugin.budget.overruns").tag("request", request).counter().count())
                        .isZero();
            }
            assertThat(requests(registry, "ValidateContainerAdjustment", "rejected").timer().count()).isZero();
            assertThat(registry.get("nri.plugin.adjustments").tag("request", "CreateContainer").counter().count())
                    .isZero();
            assertThat(registry.find("nri.plugin.updates").counters()).extracting(c -> c.getId().getTag("request"))
                    .containsExactlyInAnyOrder("Synchronize", "CreateContainer", "UpdateContainers");
            assertThat(registry.find("nri.plugin.requests").tag("request", "StopContainer").timers()).isEmpty();
        });
    }

    @Test
    void eventsLeftOutOfTheSubscriptionHaveNoMeters() {
        runner.withPropertyValues("nri.events=createcontainer").run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(requests(registry, "CreateContainer", "success").timer().count()).isZero();
            assertThat(registry.find("nri.plugin.requests").tag("request", "ValidateContainerAdjustment").timers())
                    .isEmpty();
        });
    }

    private static RequiredSearch requests(MeterRegistry registry, String request, String outcome) {
        return registry.get("nri.plugin.requests").tag("request", request).tag("outcome", outcome);
    }
}
