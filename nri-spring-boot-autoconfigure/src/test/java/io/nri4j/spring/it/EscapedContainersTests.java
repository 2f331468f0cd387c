package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.Enforcement;
import io.nri4j.stub.EscapeCause;
import io.nri4j.stub.EscapedContainer;
import io.nri4j.stub.NriEvent;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;

/** Enforcement in a Spring plugin against the upstream runtime library. */
class EscapedContainersTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void containersCreatedWhileThePluginWasDownAreReportedAndCaughtUpButOlderOnesAreNot() {
        PodSandbox pod = pod("web");
        Container older = container(pod, "older");
        UpstreamRuntime first = apps.runtime();
        first.setState(List.of(pod), List.of(older));
        ConfigurableApplicationContext app = apps.appSynchronizedWith(first, List.of(CatchUpPolicy.class));
        CatchUpPolicy policy = app.getBean(CatchUpPolicy.class);
        await().until(() -> policy.escaped.size() == 1);
        assertThat(policy.escaped.get(0).cause()).isEqualTo(EscapeCause.PREEXISTING);
        CreateContainerResponse handled = first.createContainer(pod, container(pod, "handled"));
        Container marked = container(pod, "handled").toBuilder().putAllAnnotations(handled.getAdjust()
                .getAnnotationsMap()).build();
        app.close();
        first.close();

        // While the plugin was away, the runtime created a container without it.
        UpstreamRuntime second = apps.runtime();
        Container missed = container(pod, "missed");
        second.setState(List.of(pod), List.of(older, marked, missed));
        List<NriEvent> events = new CopyOnWriteArrayList<>();
        app = apps.app(List.of(CatchUpPolicy.class));
        app.addApplicationListener((ApplicationListener<PayloadApplicationEvent<?>>) e -> {
            if (e.getPayload() instanceof NriEvent.ContainerEscaped escaped) {
                events.add(escaped);
            }
        });
        second.start();

        List<ContainerUpdate> updates = second.awaitUpdates(Duration.ofSeconds(20));
        assertThat(updates).singleElement().satisfies(u -> {
            assertThat(u.getContainerId()).isEqualTo("missed");
            assertThat(u.getLinux().getResources().getMemory().getLimit().getValue()).isEqualTo(CatchUpPolicy.LIMIT);
        });
        CatchUpPolicy again = app.getBean(CatchUpPolicy.class);
        assertThat(again.escaped).extracting(EscapedContainer::cause).containsExactly(EscapeCause.DOWNTIME);
        await().until(() -> events.size() == 1);
        ConnectionState state = app.getBean(ConnectionState.class);
        assertThat(state.escapes().count(EscapeCause.DOWNTIME)).isOne();
        assertThat(state.escapes().latest()).singleElement().asString().contains("it/web/missed", "downtime");
        assertThat(app.getBean(MeterRegistry.class).get("nri.containers.escaped").tag("cause", "downtime")
                .functionCounter().count()).isOne();
    }

    @Test
    void everyCreatedContainerCarriesThePluginsMarkerBesideItsAdjustment() {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(CatchUpPolicy.class));
        PodSandbox pod = pod("web");

        CreateContainerResponse response = runtime.createContainer(pod, container(pod, "app"));

        assertThat(response.getAdjust().getAnnotationsMap()).containsKey(Enforcement.markerKey("it"));
        assertThat(response.getAdjust().getLinux().getResources().getMemory().getLimit().getValue())
                .isEqualTo(CatchUpPolicy.LIMIT);
    }

    @Test
    void aPluginThatOptsOutLeavesContainersUnmarked() {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(CatchUpPolicy.class), "nri.enforcement.enabled=false");
        PodSandbox pod = pod("web");

        CreateContainerResponse response = runtime.createContainer(pod, container(pod, "app"));

        assertThat(response.getAdjust().getAnnotationsMap()).doesNotContainKey(Enforcement.markerKey("it"));
    }
}
