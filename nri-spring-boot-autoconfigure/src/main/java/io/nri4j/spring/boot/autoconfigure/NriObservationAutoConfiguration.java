package io.nri4j.spring.boot.autoconfigure;

import io.micrometer.observation.ObservationRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.observation.NriRequestObservationConvention;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.PluginIdentity;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Each request as a Micrometer Observation, when Micrometer's Observation API is present: a span
 * per request with Micrometer Tracing and a bridge. Without an {@link ObservationRegistry} bean
 * (Boot's actuator makes one) the registry is the no-op one, and requests allocate nothing for it.
 */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ConnectionState.class)
public final class NriObservationAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    RequestObservation nriRequestObservation(ObjectProvider<ObservationRegistry> registry,
            ObjectProvider<NriRequestObservationConvention> convention, PluginIdentity identity) {
        return new RequestObservation(registry.getIfUnique(() -> ObservationRegistry.NOOP),
                convention.getIfUnique(), identity.name());
    }
}
