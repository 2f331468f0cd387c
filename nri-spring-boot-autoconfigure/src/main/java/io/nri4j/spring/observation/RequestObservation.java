package io.nri4j.spring.observation;

import com.google.protobuf.Message;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;

/**
 * Observes each request of the runtime from its reading to its answer, its handler running in the
 * observation's scope. With a no-op registry it starts nothing and allocates nothing:
 * {@link #started} returns this observer, whose {@link #completed} does nothing.
 */
public final class RequestObservation implements RequestObserver {

    private static final DefaultNriRequestObservationConvention DEFAULT = new DefaultNriRequestObservationConvention();

    private final ObservationRegistry registry;
    private final NriRequestObservationConvention convention;
    private final String plugin;

    /**
     * @param registry where the observations go
     * @param convention the application's convention; {@code null} for the default
     * @param plugin the plugin's name, the {@code nri.plugin} key
     */
    public RequestObservation(ObservationRegistry registry, NriRequestObservationConvention convention,
            String plugin) {
        this.registry = registry;
        this.convention = convention;
        this.plugin = plugin;
    }

    @Override
    public RequestObserver started(RequestContext context, Message request) {
        if (registry.isNoop()) {
            return this;
        }
        NriRequestContext observed = new NriRequestContext(context, plugin);
        Observation observation = Observation.createNotStarted(convention, DEFAULT, () -> observed, registry)
                .start();
        if (observation.isNoop()) {
            return this;
        }
        return new Observed(observation, observed);
    }

    /** One request's observation: its scope around the handler, stopped with the outcome. */
    private record Observed(Observation observation, NriRequestContext observed) implements RequestObserver {

        @Override
        public Scope open() {
            // The request's span is the current one while the handler runs: its logs carry the trace.
            return observation.openScope()::close;
        }

        @Override
        public void completed(RequestOutcome outcome) {
            observed.answered(outcome);
            outcome.error().ifPresent(observation::error);
            observation.stop();
        }
    }

    @Override
    public void completed(RequestOutcome outcome) {
        // Nothing started.
    }
}
