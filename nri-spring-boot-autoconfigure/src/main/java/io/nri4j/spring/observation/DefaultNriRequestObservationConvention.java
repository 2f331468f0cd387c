package io.nri4j.spring.observation;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;

/**
 * {@code nri.request}, named for the request (e.g. {@code CreateContainer}): low-cardinality
 * {@code nri.event}, {@code nri.plugin} and {@code nri.outcome} (ok, adjusted, rejected, error,
 * overrun, yielded; unknown before the answer), high-cardinality {@code nri.pod}
 * ({@code namespace/name}) and {@code nri.container} (its name), once the request is answered and
 * where it names them.
 */
public class DefaultNriRequestObservationConvention implements NriRequestObservationConvention {

    /** The observation's name. */
    public static final String NAME = "nri.request";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(NriRequestContext context) {
        return context.request().request();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(NriRequestContext context) {
        return KeyValues.of(KeyValue.of("nri.event", context.request().request()),
                KeyValue.of("nri.plugin", context.plugin()), KeyValue.of("nri.outcome", context.verdict()));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(NriRequestContext context) {
        PodSandbox pod = context.pod();
        Container container = context.container();
        KeyValues values = KeyValues.empty();
        if (pod != PodSandbox.getDefaultInstance()) {
            values = values.and("nri.pod", pod.getNamespace() + "/" + pod.getName());
        }
        if (container != Container.getDefaultInstance()) {
            values = values.and("nri.container", container.getName());
        }
        return values;
    }
}
