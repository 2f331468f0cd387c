package io.nri4j.bench.spring;

import io.micrometer.observation.ObservationRegistry;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.PluginIdentity;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The request observation as the starter makes it, or, with {@code -Dbench.observation=off}, on
 * the no-op registry (what an application without an ObservationRegistry bean runs): the A/B
 * pair of {@code cmd/bench -observation-ab}, in one build.
 */
@Configuration(proxyBeanMethods = false)
class BenchObservation {

    @Bean
    RequestObservation nriRequestObservation(ObjectProvider<ObservationRegistry> registry, PluginIdentity identity) {
        boolean off = "off".equals(System.getProperty("bench.observation"));
        ObservationRegistry observations = registry.getIfUnique(() -> ObservationRegistry.NOOP);
        return new RequestObservation(off ? ObservationRegistry.NOOP : observations, null, identity.name());
    }
}
