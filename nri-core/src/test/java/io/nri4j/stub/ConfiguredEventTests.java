package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Event;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Configured event says what the plugin wanted, and what the runtime's NRI version left out of it. */
class ConfiguredEventTests {

    private final List<NriEvent> events = new CopyOnWriteArrayList<>();
    private DispatchHarness plugin;

    @AfterEach
    void close() {
        if (plugin != null) {
            plugin.close();
        }
    }

    @Test
    void namesTheEventsTheRuntimesNriVersionLeftOut() throws Exception {
        plugin = new DispatchHarness(NriPlugin.builder().name("cfg").index("10").environment(Map.of())
                .enforcement(Enforcement.OFF).listener(events::add)
                .onRunPodSandbox((request, context) -> { })
                .onUpdatePodSandbox((request, context) -> { }));

        // containerd 1.7 reports no NRI version and ships one before v0.10.0, which lacks UpdatePodSandbox.
        long id = plugin.call("Configure", ConfigureRequest.newBuilder().setRuntimeName("containerd")
                .setRuntimeVersion("v1.7.0").build());
        assertThat(plugin.response(id).getStatus().getCode()).isZero();

        NriEvent.Configured configured = await().atMost(Duration.ofSeconds(10)).until(() -> events.stream()
                .filter(NriEvent.Configured.class::isInstance).map(NriEvent.Configured.class::cast).findFirst()
                .orElse(null), e -> e != null);
        assertThat(configured.wanted()).isEqualTo(EventMask.of(Event.RUN_POD_SANDBOX, Event.UPDATE_POD_SANDBOX));
        assertThat(configured.leftOut()).isEqualTo(EventMask.of(Event.UPDATE_POD_SANDBOX));
        assertThat(configured.subscribed()).isEqualTo(EventMask.of(Event.RUN_POD_SANDBOX));
    }
}
