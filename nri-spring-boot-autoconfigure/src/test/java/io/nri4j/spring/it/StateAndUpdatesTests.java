package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.state.NriStateView;
import io.nri4j.spring.state.PodDiscoveredEvent;
import io.nri4j.spring.updates.ContainerUpdater;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;

/** The state view and unsolicited updates against the upstream runtime library. */
class StateAndUpdatesTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aPodMissedBySynchronizeIsSurfacedWhenItsContainerShowsUp() {
        UpstreamRuntime runtime = apps.runtime();
        PodSandbox known = pod("known");
        runtime.setState(List.of(known), List.of(container(known, "known-ctr")));
        runtime.start();
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), "nri.state.enabled=true");
        List<PodDiscoveredEvent> discovered = new CopyOnWriteArrayList<>();
        app.addApplicationListener((ApplicationListener<PayloadApplicationEvent<?>>) e -> {
            if (e.getPayload() instanceof PodDiscoveredEvent d) {
                discovered.add(d);
            }
        });
        runtime.awaitSynchronized(Duration.ofSeconds(20));
        NriStateView view = app.getBean(NriStateView.class);
        assertThat(view.pods()).extracting(PodSandbox::getId).containsExactly("known");

        PodSandbox missed = pod("missed");
        runtime.createContainer(missed, container(missed, "missed-ctr"));

        assertThat(discovered).singleElement().satisfies(d -> {
            assertThat(d.pod().getId()).isEqualTo("missed");
            assertThat(d.event()).isEqualTo("CreateContainer");
        });
        assertThat(view.pods()).extracting(PodSandbox::getId).containsExactlyInAnyOrder("known", "missed");
        assertThat(view.containersOf("missed")).extracting(c -> c.getId()).containsExactly("missed-ctr");
        runtime.createContainer(known, container(known, "another"));
        assertThat(discovered).hasSize(1);
    }

    @Test
    void unsolicitedUpdatesReachTheRuntimeAndReturnTheFailedOnes() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class));
        ContainerUpdater updater = app.getBean(ContainerUpdater.class);
        runtime.setUpdateReply(Set.of("gone"));

        var failed = updater.update(Update.forContainer("running").setLinuxCpuShares(100),
                Update.forContainer("gone").setLinuxMemoryLimit(1 << 20));

        List<ContainerUpdate> received = runtime.awaitUpdates(Duration.ofSeconds(10));
        assertThat(received).extracting(ContainerUpdate::getContainerId).containsExactly("running", "gone");
        await().atMost(Duration.ofSeconds(10)).until(failed::isDone);
        assertThat(failed.join()).extracting(ContainerUpdate::getContainerId).containsExactly("gone");
    }

    @Test
    void updatesFailTheirFutureWhenTheConnectionIsClosingOrGone() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class));
        ContainerUpdater updater = app.getBean(ContainerUpdater.class);
        ConnectionState state = app.getBean(ConnectionState.class);

        // Closing: the call races the connection's end and must not throw either way.
        state.stub().orElseThrow().close();
        CompletableFuture<List<ContainerUpdate>> closing =
                updater.update(Update.forContainer("c").setLinuxCpuShares(2));
        await().atMost(Duration.ofSeconds(10)).until(closing::isDone);
        assertThat(closing).isCompletedExceptionally();

        runtime.kill();
        await().atMost(Duration.ofSeconds(10)).until(() -> !state.ready());
        assertThat(updater.update(Update.forContainer("c").setLinuxCpuShares(2)))
                .failsWithin(Duration.ofSeconds(10));

        app.close();
        assertThat(updater.update(Update.forContainer("c").setLinuxCpuShares(2)))
                .failsWithin(Duration.ofSeconds(10));
    }
}
