package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.NriEvent;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

/** A real application against the upstream runtime library: readiness, reconnects, events. */
class ReadinessAndReconnectTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void readinessGoesFromDownToUpAcrossRegistration() {
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class));
        HealthEndpoint health = app.getBean(HealthEndpoint.class);
        assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);

        UpstreamRuntime runtime = apps.runtime();
        runtime.start();
        runtime.awaitSynchronized(Duration.ofSeconds(20));

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.UP));
        var nri = health.healthForPath("readiness", "nri");
        assertThat(nri.getStatus()).isEqualTo(Status.UP);
        assertThat(details(nri))
                .containsEntry("state", "READY")
                .containsEntry("runtime", "containerd v2.4.0")
                // PostStartContainer: where enforcement sees the containers a Synchronize missed.
                .containsEntry("subscribedEvents", "CreateContainer,PostStartContainer")
                .containsKey("connectedSince");
    }

    @Test
    void reconnectsAfterTheRuntimeIsStoppedAndStartedAgain() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class, EventLog.class));
        List<NriEvent> events = app.getBean(EventLog.class).events;
        PodSandbox pod = pod("pod-1");
        assertThat(runtime.createContainer(pod, container(pod, "first")).getAdjust().getAnnotationsMap())
                .containsEntry("greeting", "hello first");
        ConnectionState state = app.getBean(ConnectionState.class);

        runtime.kill();
        await().atMost(Duration.ofSeconds(10)).until(() -> !state.ready());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> events.stream().anyMatch(NriEvent.Disconnected.class::isInstance));

        runtime.start();
        runtime.awaitSynchronized(Duration.ofSeconds(20));
        await().atMost(Duration.ofSeconds(10)).until(state::ready);
        CreateContainerResponse again = runtime.createContainer(pod, container(pod, "second"));
        assertThat(again.getAdjust().getAnnotationsMap()).containsEntry("greeting", "hello second");
        assertThat(state.reconnects()).isEqualTo(1);
        // Events reach listeners asynchronously: Synchronized may land just after readiness.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events)
                .extracting(e -> e.getClass().getSimpleName()).containsSubsequence("Connected", "Registered",
                        "Synchronized", "Disconnected", "Connected", "Registered", "Synchronized"));
    }

    @Test
    void livenessTurnsDownOnlyAfterTheWindowWithoutARuntime() {
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), "nri.health.liveness-window=300ms");
        ApplicationAvailability availability = app.getBean(ApplicationAvailability.class);

        await().atMost(Duration.ofSeconds(10)).until(() -> availability.getLivenessState() == LivenessState.BROKEN);

        UpstreamRuntime runtime = apps.runtime();
        runtime.start();
        runtime.awaitSynchronized(Duration.ofSeconds(20));
        await().atMost(Duration.ofSeconds(10)).until(() -> availability.getLivenessState() == LivenessState.CORRECT);
    }

    @Test
    void livenessIsReportedBrokenAgainWhenTheApplicationIsReportedLiveWithoutARuntime() {
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class), "nri.health.liveness-window=300ms");
        ApplicationAvailability availability = app.getBean(ApplicationAvailability.class);
        await().atMost(Duration.ofSeconds(10)).until(() -> availability.getLivenessState() == LivenessState.BROKEN);

        // As Spring Boot does once it has started, which on a slow node comes after the window.
        AvailabilityChangeEvent.publish(app, LivenessState.CORRECT);

        await().atMost(Duration.ofSeconds(10)).until(() -> availability.getLivenessState() == LivenessState.BROKEN);
    }

    private static Map<String, Object> details(HealthDescriptor descriptor) {
        return ((IndicatedHealthDescriptor) descriptor).getDetails();
    }
}
