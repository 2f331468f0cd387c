package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.health.NriHealthIndicator;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/** The {@code nri} health contributor, when Spring Boot's health support is present. */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(ConnectionState.class)
@ConditionalOnEnabledHealthIndicator("nri")
public final class NriHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "nriHealthIndicator")
    NriHealthIndicator nriHealthIndicator(ConnectionState state, PluginIdentity identity, PluginInstance instance) {
        return new NriHealthIndicator(state, identity, instance);
    }
}
