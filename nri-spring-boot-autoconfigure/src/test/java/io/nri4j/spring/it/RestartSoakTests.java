package io.nri4j.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.state.NriStateView;
import io.nri4j.stub.NriEvent;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real application against the upstream runtime library, which crashes and comes back 50
 * times while pods and containers come and go: after each restart the plugin is back, ready,
 * and its state view is the runtime's state.
 */
class RestartSoakTests {

    private static final int RESTARTS = 50;
    /** Operations that must succeed between two restarts: events flow before each crash. */
    private static final int OPERATIONS_BETWEEN_RESTARTS = 25;

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    /** One restart: how long the plugin took, and the state on both sides once it was back. */
    private record Restart(long reconnectMillis, Set<String> runtimePods, Set<String> runtimeContainers,
            Set<String> viewPods, Set<String> viewContainers) {

        int lostPods() {
            Set<String> lost = new HashSet<>(runtimePods);
            lost.removeAll(viewPods);
            return lost.size();
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void reconnectsAndResynchronizesItsStateViewAcrossRuntimeRestartsWhileEventsFlow() throws Exception {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class, EventLog.class),
                "nri.state.enabled=true");
        NriStateView view = app.getBean(NriStateView.class);
        HealthEndpoint health = app.getBean(HealthEndpoint.class);
        List<NriEvent> events = app.getBean(EventLog.class).events;
        List<Restart> restarts = new ArrayList<>();

        try (PodTraffic traffic = PodTraffic.start(runtime)) {
            for (int i = 1; i <= RESTARTS; i++) {
                int eventsBefore = events.size();
                long failedBefore = traffic.failed();
                traffic.runtimeDown();
                runtime.kill();
                soon().until(() -> readiness(health) == Status.DOWN);
                soon().until(() -> traffic.failed() > failedBefore);

                Restart restart = traffic.paused(() -> {
                    runtime.setState(traffic.pods(), traffic.containers());
                    runtime.start();
                    long socketBack = System.nanoTime();
                    runtime.awaitPlugins(1, Duration.ofSeconds(20));
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - socketBack);
                    traffic.runtimeUp();
                    return new Restart(millis, ids(traffic.pods(), PodSandbox::getId),
                            ids(traffic.containers(), Container::getId), ids(view.pods(), PodSandbox::getId),
                            ids(view.containers(), Container::getId));
                });
                restarts.add(restart);

                assertThat(restart.viewPods()).as("pods after restart %d", i).isEqualTo(restart.runtimePods());
                assertThat(restart.viewContainers()).as("containers after restart %d", i)
                        .isEqualTo(restart.runtimeContainers());
                soon().until(() -> readiness(health) == Status.UP);
                // Events reach listeners asynchronously: Synchronized may land just after readiness.
                int restartNo = i;
                // A snapshot: a sub-list of the live list fails as soon as another event lands.
                soon().untilAsserted(() -> {
                    List<NriEvent> seen = List.copyOf(events);
                    assertThat(seen.subList(eventsBefore, seen.size()))
                            .extracting(e -> e.getClass().getSimpleName()).as("events of restart %d", restartNo)
                            .containsSubsequence("Disconnected", "Connected", "Registered", "Synchronized");
                });
                long succeeded = traffic.succeeded();
                soon().until(() -> traffic.succeeded() >= succeeded + OPERATIONS_BETWEEN_RESTARTS);
            }
            assertThat(traffic.errors()).as("operations that failed while the runtime was up").isEmpty();
            report(restarts, traffic);
        }
        assertThat(app.getBean(ConnectionState.class).reconnects()).isEqualTo(RESTARTS);
        assertThat(restarts).extracting(Restart::lostPods).containsOnly(0);
    }

    private static void report(List<Restart> restarts, PodTraffic traffic) {
        List<Long> millis = restarts.stream().map(Restart::reconnectMillis).sorted().toList();
        Restart last = restarts.get(restarts.size() - 1);
        System.out.printf("restarts: %d, reconnect p50 %d ms, max %d ms, lost pods: %d "
                        + "(operations: %d ok, %d failed while the runtime was down; "
                        + "%d pods, %d containers at the end; load average %.2f)%n",
                restarts.size(), millis.get((millis.size() + 1) / 2 - 1), millis.get(millis.size() - 1),
                restarts.stream().mapToInt(Restart::lostPods).sum(), traffic.succeeded(), traffic.failed(),
                last.runtimePods().size(), last.runtimeContainers().size(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static ConditionFactory soon() {
        return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
    }

    private static Status readiness(HealthEndpoint health) {
        return health.healthForPath("readiness").getStatus();
    }

    private static <T> Set<String> ids(Collection<T> items, Function<T, String> id) {
        return items.stream().map(id).collect(Collectors.toSet());
    }
}
