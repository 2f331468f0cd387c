package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import io.nri4j.stub.ValidationResult;
import io.nri4j.test.runtime.RuntimeOperationException;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/** A validator's rejection is counted as its own outcome, neither success nor error. */
class ValidationMetricsTests {

    @Component
    static class Validator {
        @OnValidateContainerAdjustment
        ValidationResult validate(PodSandbox pod) {
            return pod.getId().equals("forbidden") ? ValidationResult.reject("not here") : ValidationResult.accept();
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aRejectionIsCountedAsRejected() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Validator.class));

        runtime.createContainer(pod("allowed"), container(pod("allowed"), "c"));
        assertThatThrownBy(() -> runtime.createContainer(pod("forbidden"), container(pod("forbidden"), "c")))
                .isInstanceOf(RuntimeOperationException.class).hasMessageContaining("not here");

        MeterRegistry registry = app.getBean(MeterRegistry.class);
        // The runtime may have its answer a moment before the observer has counted it.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(count(registry, "rejected")).isEqualTo(1);
            assertThat(count(registry, "success")).isEqualTo(1);
        });
        assertThat(count(registry, "error")).isZero();
    }

    private static long count(MeterRegistry registry, String outcome) {
        return registry.get("nri.plugin.requests").tag("request", "ValidateContainerAdjustment")
                .tag("outcome", outcome).timer().count();
    }
}
