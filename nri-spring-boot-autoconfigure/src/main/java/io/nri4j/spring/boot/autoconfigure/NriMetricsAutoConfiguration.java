package io.nri4j.spring.boot.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.spring.metrics.NriMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The plugin's Micrometer meters, when Micrometer is present; Boot binds them to its registries. */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(ConnectionState.class)
public final class NriMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    NriMetrics nriMetrics(ConnectionState state, HandlerRegistry registry, NriProperties properties,
            PluginIdentity identity, PluginInstance instance) {
        return new NriMetrics(state, NriPropertyChecks.plannedSubscription(registry, properties), identity, instance);
    }
}
