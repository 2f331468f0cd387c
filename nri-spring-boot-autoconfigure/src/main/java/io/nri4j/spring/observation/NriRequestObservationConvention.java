package io.nri4j.spring.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and keys of the observation of each request; a bean of this type replaces
 * {@link DefaultNriRequestObservationConvention}.
 */
public interface NriRequestObservationConvention extends ObservationConvention<NriRequestContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof NriRequestContext;
    }
}
