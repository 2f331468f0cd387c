package io.nri4j.spring.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.boot.autoconfigure.NriAutoConfiguration;
import io.nri4j.spring.boot.autoconfigure.NriMetricsAutoConfiguration;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.stub.RequestOutcome;
import io.nri4j.stub.RuntimeInfo;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.PayloadApplicationEvent;
import org.springframework.context.event.EventListener;

/** Each metrics bean records its own meters, and backs off alone for the application's own. */
class NriMetricsBeansTests {

    static class Handlers {
        @OnCreateContainer
        Adjustment create(Container container) {
            return Adjustment.create();
        }
    }

    private final MeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void aRequestIsTimedByOutcomeAndItsAdjustmentAndUpdatesCounted() {
        RequestMetrics metrics = new RequestMetrics();
        metrics.bindTo(registry);
        CreateContainerResponse answer = CreateContainerResponse.newBuilder()
                .setAdjust(ContainerAdjustment.getDefaultInstance())
                .addUpdate(ContainerUpdate.getDefaultInstance()).addUpdate(ContainerUpdate.getDefaultInstance())
                .build();

        metrics.completed(outcome(Optional.of(answer), Optional.empty()));
        metrics.completed(outcome(Optional.empty(), Optional.of(new IllegalStateException("handler failed"))));

        assertThat(timerCount("success")).isEqualTo(1);
        assertThat(timerCount("error")).isEqualTo(1);
        assertThat(count("nri.plugin.adjustments", "CreateContainer")).isEqualTo(1);
        assertThat(count("nri.plugin.updates", "CreateContainer")).isEqualTo(2);
        assertThat(count("nri.plugin.errors", "CreateContainer")).isEqualTo(1);
    }

    @Test
    void aRequestBeforeAnyRegistryIsBoundIsNotRecorded() {
        RequestMetrics metrics = new RequestMetrics();

        metrics.completed(outcome(Optional.empty(), Optional.empty()));
        metrics.bindTo(registry);

        assertThat(registry.find("nri.plugin.requests").timers()).isEmpty();
    }

    @Test
    void theApplicationsOwnUpdatesAreCountedUnderUpdateContainers() {
        UpdateMetrics metrics = new UpdateMetrics();
        metrics.bindTo(registry);

        metrics.sent(3);
        metrics.sent(0);
        metrics.sent(2);

        assertThat(count("nri.plugin.updates", "UpdateContainers")).isEqualTo(5);
    }

    @Test
    void eachFieldARuntimeIgnoredIsCountedOncePerReply() {
        AdjustmentMetrics metrics = new AdjustmentMetrics();
        metrics.bindTo(registry);

        metrics.onApplicationEvent(ignored("ctr-1", "args"));
        metrics.onApplicationEvent(ignored("ctr-2", "args", "linux.sysctl"));

        assertThat(registry.get("nri.adjustments.ignored").tag("field", "args").counter().count()).isEqualTo(2);
        assertThat(registry.get("nri.adjustments.ignored").tag("field", "linux.sysctl").counter().count())
                .isEqualTo(1);
    }

    @Test
    void anIgnoredFieldPublishedAsTheLifecyclePublishesItIsCountedAndReachesTheApplicationsListeners() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class, NriAutoConfiguration.class,
                        NriMetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .withBean(Handlers.class)
                .withBean(IgnoredFieldsListener.class)
                .withPropertyValues("nri.plugin.name=meters", "nri.plugin.index=10",
                        "nri.socket-path=/nonexistent/nri.sock")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(AdjustmentMetrics.class);

                    context.publishEvent(ignored("ctr-1", "args", "linux.namespaces").getPayload());

                    MeterRegistry meters = context.getBean(MeterRegistry.class);
                    assertThat(meters.get("nri.adjustments.ignored").tag("field", "args").counter().count())
                            .isEqualTo(1);
                    assertThat(meters.get("nri.adjustments.ignored").tag("field", "linux.namespaces").counter()
                            .count()).isEqualTo(1);
                    assertThat(context.getBean(IgnoredFieldsListener.class).heard)
                            .extracting(NriEvent.AdjustmentFieldsIgnored::containerId).containsExactly("ctr-1");
                });
    }

    /** An application's listener, as a plugin would write one. */
    static class IgnoredFieldsListener {

        final List<NriEvent.AdjustmentFieldsIgnored> heard = new CopyOnWriteArrayList<>();

        @EventListener
        void on(NriEvent.AdjustmentFieldsIgnored event) {
            heard.add(event);
        }
    }

    @Test
    void anApplicationsOwnConnectionMetricsReplaceTheAutoConfiguredOnesAndTheOtherBeansStay() {
        PluginInstance instance = PluginInstance.startingNow("1.0");
        ConnectionMetrics own = new ConnectionMetrics(new ConnectionState(Clock.systemUTC()),
                new PluginIdentity("own", "42"), instance);
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class, NriAutoConfiguration.class,
                        NriMetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .withBean(Handlers.class)
                .withBean(ConnectionMetrics.class, () -> own)
                .withPropertyValues("nri.plugin.name=meters", "nri.plugin.index=10",
                        "nri.socket-path=/nonexistent/nri.sock")
                .run(context -> {
                    assertThat(context).hasNotFailed().getBean(ConnectionMetrics.class).isSameAs(own);
                    assertThat(context).hasSingleBean(RequestMetrics.class).hasSingleBean(UpdateMetrics.class)
                            .hasSingleBean(StartupRequestMeters.class);
                    MeterRegistry meters = context.getBean(MeterRegistry.class);
                    assertThat(meters.get("nri.plugin.instance.start.time").gauge().getId().getTag("plugin"))
                            .isEqualTo("42-own");
                    assertThat(meters.get("nri.plugin.requests").tag("request", "CreateContainer")
                            .tag("outcome", "success").timer().count()).isZero();
                });
    }

    private static PayloadApplicationEvent<NriEvent.AdjustmentFieldsIgnored> ignored(String containerId,
            String... fields) {
        RuntimeInfo runtime = new RuntimeInfo("containerd", "v2.1.9", "", "", NriVersion.parse("v0.8.0"),
                RuntimeInfo.DEFAULT_REGISTRATION_TIMEOUT, RuntimeInfo.DEFAULT_REQUEST_TIMEOUT);
        return new PayloadApplicationEvent<>(runtime,
                new NriEvent.AdjustmentFieldsIgnored(containerId, List.of(fields), runtime));
    }

    private static RequestOutcome outcome(Optional<CreateContainerResponse> answer, Optional<Throwable> error) {
        return new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofMillis(3), false, false,
                answer.map(a -> a), error);
    }

    private long timerCount(String outcome) {
        return registry.get("nri.plugin.requests").tag("request", "CreateContainer").tag("outcome", outcome)
                .timer().count();
    }

    private double count(String name, String request) {
        return registry.get(name).tag("request", request).counter().count();
    }
}
