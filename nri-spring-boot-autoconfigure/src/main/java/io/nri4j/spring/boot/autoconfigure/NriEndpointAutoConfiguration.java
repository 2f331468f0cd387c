package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.endpoint.NriEndpoint;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.requests.RecentRequests;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import java.time.Clock;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code nri} actuator endpoint, when the actuator is present and the endpoint is exposed
 * ({@code management.endpoints.web.exposure.include}, or JMX's). The latest requests are
 * recorded only then: a plugin that does not expose the endpoint pays nothing for it.
 */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(ConnectionState.class)
@ConditionalOnAvailableEndpoint(NriEndpoint.class)
public final class NriEndpointAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    RecentRequests nriRecentRequests(NriProperties properties) {
        return new RecentRequests(NriPropertyChecks.notNegative("nri.endpoint.recent-requests",
                properties.getEndpoint().getRecentRequests(), "0 or more requests"), Clock.systemUTC());
    }

    @Bean
    @ConditionalOnMissingBean
    NriEndpoint nriEndpoint(ConnectionState state, PluginIdentity identity, PluginInstance instance,
            HandlerRegistry registry, NriProperties properties, RecentRequests requests) {
        return new NriEndpoint(state, identity, instance, NriPropertyChecks.requestedSubscription(registry, properties),
                NriPropertyChecks.plannedSubscription(registry, properties),
                properties.getEnforcement().isEnabled(), requests);
    }
}
