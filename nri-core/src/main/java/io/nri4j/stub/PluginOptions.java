package io.nri4j.stub;

import io.nri4j.api.v1alpha1.FailurePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The options half of {@link NriPlugin.Builder}: where to connect, where handlers run, and how
 * the plugin behaves towards the runtime; every one has a default.
 *
 * @param <B> the builder, returned by every method for chaining
 */
abstract class PluginOptions<B extends PluginOptions<B>> extends HandlerRegistration<B> {

    Path socketPath = NriPlugin.DEFAULT_SOCKET;
    Executor executor;
    Duration registrationTimeout = RuntimeInfo.DEFAULT_REGISTRATION_TIMEOUT;
    FailurePolicy failurePolicy;
    boolean required;
    Consumer<NriEvent> listener = e -> { };
    Map<String, String> environment = System.getenv();
    EventMask subscription;
    HandlerBudget budget;
    RequestObserver observer;
    Limits limits = Limits.DEFAULTS;
    UnsupportedAdjustments unsupportedAdjustments = UnsupportedAdjustments.WARN;
    Path instancesDirectory;
    String version;
    PluginInstance instance;
    Enforcement enforcement = Enforcement.DEFAULTS;

    /** The runtime's socket; ignored when the runtime launched the plugin with a socket fd. */
    public B socketPath(Path socketPath) {
        this.socketPath = Objects.requireNonNull(socketPath);
        return self();
    }

    /** Where handlers run; by default a {@link HandlerPool} of 4 threads of this plugin's own. */
    public B executor(Executor executor) {
        this.executor = Objects.requireNonNull(executor);
        return self();
    }

    /** How long to wait for RegisterPlugin to be answered; 5 s by default, as upstream. */
    public B registrationTimeout(Duration timeout) {
        this.registrationTimeout = Objects.requireNonNull(timeout);
        return self();
    }

    /** Asks the runtime (NRI v0.12.4 and later) to treat this plugin's failures this way. */
    public B failurePolicy(FailurePolicy policy) {
        this.failurePolicy = policy;
        return self();
    }

    /**
     * Whether no container may be created without this plugin (fail-closed). A required
     * plugin asks the runtime to fail a request it does not answer in time (failure policy
     * {@code fail_request}), unless {@link #failurePolicy(FailurePolicy)} says otherwise; that
     * containers are refused while it is absent is the runtime's configuration (its default
     * validator's {@code required_plugins}, NRI v0.10.0 and later).
     */
    public B required(boolean required) {
        this.required = required;
        return self();
    }

    /**
     * Receives connection milestones, in order, and replies the runtime drops fields of
     * ({@link NriEvent.AdjustmentFieldsIgnored}), off the I/O thread.
     */
    public B listener(Consumer<NriEvent> listener) {
        this.listener = Objects.requireNonNull(listener);
        return self();
    }

    /**
     * Subscribes to fewer events than there are handlers for (the default: all of them).
     * Every event listed must have a handler.
     */
    public B subscription(EventMask events) {
        this.subscription = events;
        return self();
    }

    /**
     * Answers requests whose handler is still running at this share of the runtime's
     * deadline, instead of letting the runtime disconnect the plugin. Off by default.
     */
    public B handlerBudget(HandlerBudget budget) {
        this.budget = budget;
        return self();
    }

    /** Is told how each request from the runtime went, e.g. for metrics. */
    public B observer(RequestObserver observer) {
        this.observer = observer;
        return self();
    }

    /**
     * Lets the instances of this plugin that are connected to one runtime at the same time
     * (a DaemonSet's rolling update with surge) handle each request exactly once, agreeing
     * through files under {@code directory}, a host path every instance on the node shares
     * (e.g. {@code /var/run/nri4j}). Without it, each connected instance handles every request.
     */
    public B instancesDirectory(Path directory) {
        this.instancesDirectory = directory;
        return self();
    }

    /** The plugin's version, reported with its instance (health details, metrics, peers' logs). */
    public B version(String version) {
        this.version = version;
        return self();
    }

    /** This process's instance, when the application made it (a new one by default). */
    public B instance(PluginInstance instance) {
        this.instance = instance;
        return self();
    }

    /** Bounds on what one connection may make the plugin hold; {@link Limits#DEFAULTS} by default. */
    public B limits(Limits limits) {
        this.limits = Objects.requireNonNull(limits);
        return self();
    }

    /**
     * Whether the plugin marks the containers it handles and reports those that escaped it;
     * {@link Enforcement#DEFAULTS} (on, remembering in memory) by default.
     */
    public B enforcement(Enforcement enforcement) {
        this.enforcement = Objects.requireNonNull(enforcement);
        return self();
    }

    /**
     * What to do when a CreateContainer adjustment sets a field the runtime's NRI version
     * ignores; {@link UnsupportedAdjustments#WARN} by default.
     */
    public B unsupportedAdjustments(UnsupportedAdjustments policy) {
        this.unsupportedAdjustments = Objects.requireNonNull(policy);
        return self();
    }

    /** The environment to read {@code NRI_PLUGIN_*} from; the process's by default. */
    public B environment(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        return self();
    }
}
