package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.api.v1alpha1.FailurePolicy;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.stub.Enforcement;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.HandlerBudget;
import io.nri4j.stub.Limits;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.UnsupportedAdjustments;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Builds the plugin when the lifecycle starts: the properties, the handler methods, then the
 * application's customizers. Properties that can be checked before the handler methods are
 * known are checked when the factory is created, so that a bad one fails the application early.
 */
final class NriPluginFactory implements Function<Consumer<NriEvent>, NriPlugin> {

    private static final Logger log = LoggerFactory.getLogger(NriPluginFactory.class);

    private final NriProperties properties;
    private final PluginIdentity identity;
    private final PluginInstance instance;
    private final InstancesDirectory instancesDirectory;
    private final HandlerRegistry registry;
    private final NriConfigBinder config;
    private final Executor executor;
    private final ObjectProvider<RequestObserver> observers;
    private final ObjectProvider<NriPluginBuilderCustomizer> customizers;
    private final Optional<HandlerBudget> budget;
    private final Limits limits;
    private final UnsupportedAdjustments unsupportedAdjustments;

    NriPluginFactory(NriProperties properties, PluginIdentity identity, PluginInstance instance,
            InstancesDirectory instancesDirectory, HandlerRegistry registry, NriConfigBinder config, Executor executor,
            ObjectProvider<RequestObserver> observers, ObjectProvider<NriPluginBuilderCustomizer> customizers) {
        this.properties = properties;
        this.identity = identity;
        this.instance = instance;
        this.instancesDirectory = instancesDirectory;
        this.registry = registry;
        this.config = config;
        this.executor = executor;
        this.observers = observers;
        this.customizers = customizers;
        this.budget = NriPropertyChecks.budget(properties.getHandler().getBudget());
        this.limits = NriPropertyChecks.limits(properties.getLimits());
        this.unsupportedAdjustments = NriPropertyChecks.unsupportedAdjustments(properties.getAdjustments());
        // Whether the listed events have handler methods can only be told at start.
        NriPropertyChecks.events(properties.getEvents());
    }

    /** @return null when there is nothing to connect: no handler methods */
    @Override
    public NriPlugin apply(Consumer<NriEvent> listener) {
        EventMask handled = registry.events();
        if (handled.isEmpty()) {
            log.warn("No @On... handler method for any lifecycle event: plugin {} does not connect to the runtime",
                    identity.fullName());
            return null;
        }
        EventMask subscription = NriPropertyChecks.subscription(handled, properties.getEvents());
        RequestObservers all = new RequestObservers(observers.orderedStream().toList());
        NriPlugin.Builder b = NriPlugin.builder()
                .name(identity.name()).index(identity.index())
                .socketPath(properties.getSocketPath())
                .registrationTimeout(properties.getRegistrationTimeout())
                .executor(executor)
                .instance(instance)
                .instancesDirectory(instancesDirectory.directory())
                .enforcement(enforcement(properties.getEnforcement()))
                .listener(listener)
                .limits(limits)
                .unsupportedAdjustments(unsupportedAdjustments)
                // The connection state is one of the observer beans.
                .observer(all);
        if (!subscription.equals(handled)) {
            b.subscription(subscription);
        }
        budget.ifPresent(b::handlerBudget);
        b.required(properties.isRequired());
        failurePolicy(properties.getFailurePolicy(), properties.isRequired(), b);
        registry.applyTo(b, config);
        customizers.orderedStream().forEach(c -> c.customize(b));
        return b.build();
    }

    private static Enforcement enforcement(NriEnforcementProperties p) {
        if (!p.isEnabled()) {
            return Enforcement.OFF;
        }
        return p.getDirectory() == null ? Enforcement.DEFAULTS : Enforcement.remembering(p.getDirectory());
    }

    /** Unset, fail-request follows nri.required; the builder warns when a required plugin fails open. */
    private static void failurePolicy(NriFailurePolicyProperties p, boolean required, NriPlugin.Builder b) {
        if (p.getFailRequest() != null || p.getKeepConnected() != null) {
            boolean failRequest = p.getFailRequest() != null ? p.getFailRequest() : required;
            b.failurePolicy(FailurePolicy.newBuilder()
                    .setFailRequest(failRequest)
                    .setKeepConnected(Boolean.TRUE.equals(p.getKeepConnected())).build());
        }
    }
}
