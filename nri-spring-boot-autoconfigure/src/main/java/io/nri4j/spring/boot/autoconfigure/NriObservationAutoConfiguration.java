package io.nri4j.spring.boot.autoconfigure;

import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.observation.NriRequestObservationConvention;
import io.nri4j.spring.observation.RequestObservation;
import io.nri4j.stub.PluginIdentity;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

/**
 * Each request as a Micrometer Observation, when Micrometer's Observation API is present: a span
 * per request with Micrometer Tracing and a bridge. Without an {@link ObservationRegistry} bean
 * (Boot's actuator makes one), or where its handler beans are meter handlers only (actuator
 * without a tracer: they would make just the timers the starter denies), requests observe on the
 * no-op registry and allocate nothing for it.
 */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ConnectionState.class)
public final class NriObservationAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(NriObservationAutoConfiguration.class);

    private static final String METER_HANDLER = "io.micrometer.core.instrument.observation.MeterObservationHandler";

    @Bean
    @ConditionalOnMissingBean
    RequestObservation nriRequestObservation(ObjectProvider<ObservationRegistry> registry,
            ObjectProvider<ObservationHandler<?>> handlers,
            ObjectProvider<NriRequestObservationConvention> convention, PluginIdentity identity) {
        ObservationRegistry observations = registry.getIfUnique(() -> ObservationRegistry.NOOP);
        if (!observations.isNoop() && metersOnly(handlers.stream().toList())) {
            log.debug("Requests are not observed: the observation handlers are meter handlers only");
            observations = ObservationRegistry.NOOP;
        }
        return new RequestObservation(observations, convention.getIfUnique(), identity.name());
    }

    /** Whether there are handler beans and all of them are meter handlers. */
    static boolean metersOnly(List<ObservationHandler<?>> handlers) {
        ClassLoader loader = NriObservationAutoConfiguration.class.getClassLoader();
        if (handlers.isEmpty() || !ClassUtils.isPresent(METER_HANDLER, loader)) {
            return false;
        }
        Class<?> meterHandler = ClassUtils.resolveClassName(METER_HANDLER, loader);
        return handlers.stream().allMatch(meterHandler::isInstance);
    }
}
