package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Update;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.lifecycle.NriPluginLifecycle;
import io.nri4j.spring.updates.ContainerUpdater;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RequestObserver;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class NriAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class, NriDisabledAutoConfiguration.class))
            .withPropertyValues("nri.plugin.name=idle", "nri.plugin.index=10",
                    "nri.socket-path=/nonexistent/nri.sock");

    @Test
    void anApplicationWithoutHandlerMethodsStaysStoppedInsteadOfConnecting() {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(NriPluginLifecycle.class).isRunning()).isFalse();
            assertThat(context.getBean(ConnectionState.class).status()).isEqualTo(ConnectionState.Status.STOPPED);
        });
    }

    @Test
    void theConnectionStateIsToldOfRequestsAsOneOfTheObserverBeans() {
        runner.run(context -> assertThat(context.getBeanProvider(RequestObserver.class).orderedStream())
                .containsOnlyOnce(context.getBean(ConnectionState.class)));
    }

    @Test
    void withThePluginDisabledBeansThatInjectTheUpdaterStartAndItsFuturesSayWhy() {
        runner.withPropertyValues("nri.enabled=false").withUserConfiguration(Rebalancer.class).run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(NriPluginLifecycle.class);
            assertThat(context.getBean(Rebalancer.class).updater.update(Update.forContainer("ctr")))
                    .failsWithin(Duration.ZERO).withThrowableThat().havingCause()
                    .withMessage("the NRI plugin is disabled by nri.enabled=false: no updates are sent to the runtime");
        });
    }

    static class Rebalancer {
        final ContainerUpdater updater;

        Rebalancer(ContainerUpdater updater) {
            this.updater = updater;
        }
    }

    @Test
    void anApplicationsOwnIdentityReplacesTheOneFromTheProperties() {
        runner.withPropertyValues("nri.plugin.index=not checked")
                .withBean(PluginIdentity.class, () -> new PluginIdentity("own", "42"))
                .run(context -> assertThat(context).hasNotFailed().getBean(PluginIdentity.class)
                        .extracting(PluginIdentity::fullName).isEqualTo("42-own"));
    }
}
