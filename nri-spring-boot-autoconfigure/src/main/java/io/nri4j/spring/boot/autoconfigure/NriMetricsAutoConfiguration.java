package io.nri4j.spring.boot.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.metrics.AdjustmentMetrics;
import io.nri4j.spring.metrics.ConnectionMetrics;
import io.nri4j.spring.metrics.RequestMetrics;
import io.nri4j.spring.metrics.StartupRequestMeters;
import io.nri4j.spring.metrics.UpdateMetrics;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The plugin's Micrometer meters, when Micrometer is present; Boot binds them to its registries.
 * Each bean backs off for the application's own of its type, leaving the others in place.
 */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(ConnectionState.class)
public final class NriMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    RequestMetrics nriRequestMetrics() {
        return new RequestMetrics();
    }

    @Bean
    @ConditionalOnMissingBean
    UpdateMetrics nriUpdateMetrics() {
        return new UpdateMetrics();
    }

    @Bean
    @ConditionalOnMissingBean
    ConnectionMetrics nriConnectionMetrics(ConnectionState state, PluginIdentity identity, PluginInstance instance) {
        return new ConnectionMetrics(state, identity, instance);
    }

    @Bean
    @ConditionalOnMissingBean
    AdjustmentMetrics nriAdjustmentMetrics() {
        return new AdjustmentMetrics();
    }

    @Bean
    @ConditionalOnMissingBean
    StartupRequestMeters nriStartupRequestMeters(HandlerRegistry registry, NriProperties properties) {
        return new StartupRequestMeters(NriPropertyChecks.plannedSubscription(registry, properties));
    }

    /** The request observation's timers denied: they would repeat {@code nri.plugin.requests}. */
    @Bean
    MeterFilter nriRequestObservationMeterFilter() {
        return RequestMetrics.observationTimersDenied();
    }
}
