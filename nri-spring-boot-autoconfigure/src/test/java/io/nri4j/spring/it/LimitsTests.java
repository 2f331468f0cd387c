package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code nri.limits.*} reach the plugin: a Synchronize beyond them is refused, so the runtime drops
 * the plugin and it connects again; the same Synchronize within them goes through. The plugins
 * here hold what Synchronize reports (the state view): a plugin that holds nothing has no limit.
 */
class LimitsTests {

    /** The state view keeps the pods and containers Synchronize reports. */
    private static final String HOLDING = "nri.state.enabled=true";

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aSynchronizeWithMorePodsThanMaxSyncPodsIsRefused() {
        runtimeWith(List.of(pod("a"), pod("b"), pod("c")));

        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), HOLDING, "nri.limits.max-sync-pods=2");

        awaitDroppedByTheRuntime(app);
    }

    @Test
    void aSynchronizeWithAsManyPodsAsMaxSyncPodsGoesThrough() {
        UpstreamRuntime runtime = runtimeWith(List.of(pod("a"), pod("b"), pod("c")));

        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), HOLDING, "nri.limits.max-sync-pods=3");

        runtime.awaitSynchronized(Duration.ofSeconds(20));
        assertThat(app.getBean(ConnectionState.class).reconnects()).isZero();
    }

    @Test
    void aSynchronizeLargerThanMaxSyncBytesIsRefused() {
        PodSandbox large = pod("large").toBuilder().putAnnotations("filler", "x".repeat(4096)).build();
        runtimeWith(List.of(large));

        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), HOLDING, "nri.limits.max-sync-bytes=2KB");

        awaitDroppedByTheRuntime(app);
    }

    private UpstreamRuntime runtimeWith(List<PodSandbox> pods) {
        UpstreamRuntime runtime = apps.runtime();
        runtime.setState(pods, List.of());
        runtime.start();
        return runtime;
    }

    private static void awaitDroppedByTheRuntime(ConfigurableApplicationContext app) {
        ConnectionState state = app.getBean(ConnectionState.class);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(state.reconnects()).isPositive());
    }
}
