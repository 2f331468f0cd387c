package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.stub.PluginInstance;
import io.nri4j.test.runtime.RuntimeOperationException;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/** Two instances of one plugin connected at once, as during a rolling update with surge. */
class InstancesTests {

    static final AtomicInteger STARTS = new AtomicInteger();

    @Component
    static class StartCounter {
        @OnStartContainer
        void started(Container container) {
            STARTS.incrementAndGet();
        }
    }

    private final PluginApps apps = new PluginApps();

    @TempDir
    Path instances;

    @AfterEach
    void close() throws Exception {
        apps.close();
        STARTS.set(0);
    }

    @Test
    void twoConnectedInstancesHandleEachRequestOnce() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext first = apps.appSynchronizedWith(runtime,
                List.of(Greeter.class, StartCounter.class), "nri.instances.directory=" + instances);
        ConfigurableApplicationContext second = apps.app(List.of(Greeter.class, StartCounter.class),
                "nri.instances.directory=" + instances);
        runtime.awaitSynchronized(Duration.ofSeconds(20));

        for (int i = 0; i < 10; i++) {
            PodSandbox pod = pod("pod-" + i);
            Container ctr = container(pod, "app-" + i);
            assertThat(runtime.createContainer(pod, ctr).getAdjust().getAnnotationsMap())
                    .containsEntry("greeting", "hello app-" + i);
            runtime.event("StartContainer", pod, ctr);
        }

        assertThat(STARTS).hasValue(10);
        assertThat(yielded(first, "CreateContainer") + yielded(second, "CreateContainer")).isEqualTo(10);
        assertThat(yielded(first, "StartContainer") + yielded(second, "StartContainer")).isEqualTo(10);
        Map<String, Object> details = nriDetails(first);
        PluginInstance other = second.getBean(PluginInstance.class);
        assertThat(details).containsKey("instance");
        assertThat(details.get("peers")).asList().singleElement().asString().contains(other.id());
        assertThat(first.getBean(MeterRegistry.class).get("nri.plugin.instance.peers").gauge().value()).isEqualTo(1);
        assertThat(first.getBean(MeterRegistry.class).get("nri.plugin.instance.start.time")
                .tag("instance", first.getBean(PluginInstance.class).id()).gauge().value()).isPositive();
    }

    @Test
    void withoutCoordinationBothInstancesAdjustAndTheRuntimeFailsTheContainer() {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(Greeter.class), "nri.instances.enabled=false");
        apps.app(List.of(Greeter.class), "nri.instances.enabled=false");
        runtime.awaitSynchronized(Duration.ofSeconds(20));

        assertThatThrownBy(() -> runtime.createContainer(pod("p"), container(pod("p"), "app")))
                .isInstanceOf(RuntimeOperationException.class)
                .hasMessageContaining("both tried to set");
    }

    private static double yielded(ConfigurableApplicationContext app, String request) {
        return app.getBean(MeterRegistry.class).get("nri.plugin.requests.yielded").tag("request", request).counter()
                .count();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> nriDetails(ConfigurableApplicationContext app) {
        var nri = app.getBean(HealthEndpoint.class).healthForPath("readiness", "nri");
        return ((IndicatedHealthDescriptor) nri).getDetails();
    }
}
