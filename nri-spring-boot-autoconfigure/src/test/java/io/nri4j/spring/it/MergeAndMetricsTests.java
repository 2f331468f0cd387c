package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.test.runtime.RuntimeOperationException;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/** Several beans for one event, merged in @Order; conflicts named; meters on Prometheus. */
class MergeAndMetricsTests {

    @Component
    static class Annotations {
        @OnCreateContainer
        @Order(1)
        Adjustment annotate(PodSandbox pod) {
            return Adjustment.create().addAnnotation("owner", "annotations");
        }
    }

    @Component
    static class Environment {
        @OnCreateContainer
        @Order(2)
        Adjustment env(PodSandbox pod) {
            Adjustment a = Adjustment.create().addEnv("FROM", "environment");
            return pod.getId().equals("clash") ? a.addAnnotation("owner", "environment") : a;
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void handlersOfSeveralBeansAreMergedAndTheirClashesNamed() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime,
                List.of(Annotations.class, Environment.class));

        CreateContainerResponse merged = runtime.createContainer(pod("calm"), container(pod("calm"), "app"));
        assertThat(merged.getAdjust().getAnnotationsMap()).containsEntry("owner", "annotations");
        assertThat(merged.getAdjust().getEnvList()).extracting(kv -> kv.getKey() + "=" + kv.getValue())
                .containsExactly("FROM=environment");

        assertThatThrownBy(() -> runtime.createContainer(pod("clash"), container(pod("clash"), "app")))
                .isInstanceOf(RuntimeOperationException.class)
                .hasMessageContaining("Annotations.annotate(PodSandbox)")
                .hasMessageContaining("Environment.env(PodSandbox)")
                .hasMessageContaining("annotations[owner]");

        String scrape = app.getBean(PrometheusMeterRegistry.class).scrape();
        assertThat(scrape)
                .contains("nri_plugin_requests_seconds_count{outcome=\"success\",request=\"CreateContainer\"} 1")
                .contains("nri_plugin_requests_seconds_count{outcome=\"error\",request=\"CreateContainer\"} 1")
                .contains("nri_plugin_adjustments_total{request=\"CreateContainer\"} 1")
                .contains("nri_plugin_errors_total{request=\"CreateContainer\"} 1")
                .contains("nri_plugin_connection_state 3")
                .contains("nri_plugin_reconnects_total 0");
    }
}
