package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.spring.info.NriInfoContributor;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.PluginIdentity;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The {@code nri} info contributor, when the actuator is present ({@code management.info.nri.enabled}). */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass({InfoContributor.class, ConditionalOnEnabledInfoContributor.class})
@ConditionalOnBean(ConnectionState.class)
public final class NriInfoAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "nriInfoContributor")
    @ConditionalOnEnabledInfoContributor("nri")
    NriInfoContributor nriInfoContributor(ConnectionState state, PluginIdentity identity, HandlerRegistry registry,
            NriProperties properties) {
        return new NriInfoContributor(state, identity, NriPropertyChecks.plannedSubscription(registry, properties),
                properties.isRequired());
    }
}
