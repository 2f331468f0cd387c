package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.NriEvent;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;

/**
 * The Synchronize limits bound what a plugin holds, not what a node has: a plugin that keeps
 * nothing synchronizes any node; one that keeps the pods and is over its limit says why, once
 * per attempt, and backs off.
 */
@ExtendWith(OutputCaptureExtension.class)
class SyncBoundsTests {

    private static final int PODS = 30_000;

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aPluginWithoutASynchronizeHandlerSynchronizesANodeOf30000Pods() {
        // What a plugin holds is the subject here, not how fast it reads: taking in 30,000 pods
        // took it 1.4 s to over 2 s with both cores busy (CI logs), past the runtime's default
        // request timeout, which then drops it and it synchronizes again. Nodes hold hundreds.
        UpstreamRuntime runtime = apps.runtime(UpstreamRuntime.Mode.LIBRARY,
                UpstreamRuntime.Options.defaults().withRequestTimeout(Duration.ofSeconds(15)));
        holding(runtime, PODS);
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class, EventLog.class));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(app.getBean(EventLog.class).events)
                .filteredOn(NriEvent.Synchronized.class::isInstance).singleElement()
                .satisfies(e -> assertThat(((NriEvent.Synchronized) e).pods()).isEqualTo(PODS)));
        PodSandbox pod = pod("after");
        assertThat(runtime.createContainer(pod, container(pod, "app")).getAdjust().getAnnotationsMap())
                .containsEntry("greeting", "hello app");
    }

    @Test
    void aPluginThatKeepsThePodsRefusesBeyondItsLimitSaysWhyAndBacksOff(CapturedOutput output) {
        UpstreamRuntime runtime = apps.runtime();
        holding(runtime, 10_001);
        runtime.start();
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class),
                "nri.state.enabled=true", "nri.reconnect.initial-backoff=100ms", "nri.reconnect.multiplier=4",
                "nri.reconnect.max-backoff=5s");
        List<Long> connects = new CopyOnWriteArrayList<>();
        app.addApplicationListener((ApplicationListener<PayloadApplicationEvent<?>>) e -> {
            if (e.getPayload() instanceof NriEvent.Connected) {
                connects.add(System.nanoTime());
            }
        });
        HealthEndpoint health = app.getBean(HealthEndpoint.class);

        await().atMost(Duration.ofSeconds(30)).until(() -> connects.size() >= 4);

        String limit = "over the plugin's limit of 10000 pods; raise nri.limits.max-sync-pods";
        Map<String, Object> details = ((IndicatedHealthDescriptor) health.healthForPath("readiness", "nri"))
                .getDetails();
        assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);
        assertThat((String) details.get("lastDisconnect")).startsWith("refused the runtime's Synchronize: ")
                .contains(limit);
        List<String> errors = output.getOut().lines().filter(l -> l.contains(" ERROR ")).toList();
        assertThat(errors).isNotEmpty().allSatisfy(line -> assertThat(line)
                .contains("refusing the runtime's Synchronize: Synchronize of 10001 pods", limit));
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < connects.size(); i++) {
            gaps.add(Duration.ofNanos(connects.get(i) - connects.get(i - 1)).toMillis());
        }
        // Lower bounds only: a busy machine makes the gaps longer, never shorter. Without a growing
        // backoff the third gap would be one attempt's work and 100 ms, well under 1.6 s.
        assertThat(gaps.get(1)).as("gaps between attempts, ms: %s", gaps).isGreaterThanOrEqualTo(400);
        assertThat(gaps.get(2)).as("gaps between attempts, ms: %s", gaps).isGreaterThanOrEqualTo(1600);
    }

    /** Every pod with one container, as the runtime reports them in Synchronize. */
    private static void holding(UpstreamRuntime runtime, int count) {
        List<PodSandbox> pods = new ArrayList<>(count);
        List<Container> containers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            PodSandbox pod = pod("pod-" + i);
            pods.add(pod);
            containers.add(container(pod, "ctr-" + i));
        }
        runtime.setState(pods, containers);
    }
}
