package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.FailurePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An NRI plugin: identity, handlers and options, immutable once built. Each
 * {@link #connect()} opens a new connection to the runtime with them.
 *
 * <pre>{@code
 * NriPlugin.builder()
 *     .name("hello").index("10")
 *     .onCreateContainer((request, context) ->
 *         CreateContainerResult.of(Adjustment.create().addAnnotation("hello", "world")))
 *     .build()
 *     .run();
 * }</pre>
 */
public final class NriPlugin {

    /** Where runtimes listen for external plugins. */
    public static final Path DEFAULT_SOCKET = Path.of("/var/run/nri/nri.sock");
    /** Set by a runtime for plugins it launches: the number of the connected socket's fd. */
    public static final String SOCKET_ENV = "NRI_PLUGIN_SOCKET";

    private static final Logger log = LoggerFactory.getLogger(NriPlugin.class);

    private final PluginIdentity identity;
    private final Handlers handlers;
    private final Path socketPath;
    private final Executor executor;
    private final Duration registrationTimeout;
    private final FailurePolicy failurePolicy;
    private final boolean required;
    private final Consumer<NriEvent> listener;
    private final Map<String, String> environment;
    private final EventMask subscription;
    private final HandlerBudget budget;
    private final RequestObserver observer;
    private final Limits limits;
    private final Path instancesDirectory;
    private final PluginInstance instance;
    private final Enforcer enforcer;
    private final IgnoredAdjustmentFields ignoredFields;

    private NriPlugin(Builder b, PluginIdentity identity, Handlers handlers, EventMask subscription) {
        this.identity = identity;
        this.handlers = handlers;
        this.socketPath = b.socketPath;
        this.executor = b.executor != null ? b.executor : defaultExecutor(identity);
        this.registrationTimeout = b.registrationTimeout;
        this.required = b.required;
        this.failurePolicy = failurePolicy(b, identity);
        this.listener = b.listener;
        this.environment = b.environment;
        this.subscription = subscription;
        this.budget = b.budget;
        this.observer = b.observer;
        this.limits = b.limits;
        this.instancesDirectory = b.instancesDirectory;
        this.instance = b.instance != null ? b.instance : PluginInstance.startingNow(b.version);
        this.enforcer = Enforcer.of(b.enforcement, identity, instance, handlers, b.escapeHandler());
        this.ignoredFields = new IgnoredAdjustmentFields(b.unsupportedAdjustments);
    }

    /**
     * A new plugin's builder; starts the {@linkplain #warmUp() warm-up} too.
     *
     * @throws IncompatibleClasspathException if protobuf-java or Netty on the classpath is a version nri4j
     *     cannot run with
     */
    public static Builder builder() {
        Warmup.start();
        Compatibility.check();
        return new Builder();
    }

    /**
     * Starts, once per JVM and in the background, what connecting and the first requests would
     * otherwise do on the plugin's start path: the I/O thread, the NRI message classes.
     * {@link #builder()} calls it; a framework that builds its plugin late calls it early, so
     * that the work overlaps its own start.
     */
    public static void warmUp() {
        Warmup.start();
    }

    /** Opens a connection; registration, Configure and Synchronize follow asynchronously. */
    public NriStub connect() {
        return NriStub.open(this);
    }

    /**
     * Connects, then serves until the connection ends.
     *
     * @throws RegistrationException if the plugin cannot connect or register
     */
    public Disconnect run() throws InterruptedException {
        NriStub stub = connect();
        stub.awaitRegistration();
        return stub.awaitClose();
    }

    /**
     * Connects, serves until the connection ends, and returns the exit code that says how it
     * ended, for a supervisor to read: {@code System.exit(plugin.runForExitCode())}. A failure
     * to connect or register ends the same way, with its code; see {@link Disconnect.Kind}.
     */
    public int runForExitCode() throws InterruptedException {
        return connect().awaitClose().exitCode();
    }

    /** The plugin's name and index. */
    public PluginIdentity identity() {
        return identity;
    }

    /** This process's instance of the plugin: id, version, start time. */
    public PluginInstance instance() {
        return instance;
    }

    /** The events this plugin handles. */
    public EventMask events() {
        return handlers.events();
    }

    /** What it subscribes to unless Configure narrows it: its events, or fewer if so configured. */
    public EventMask subscription() {
        return subscription;
    }

    Handlers handlers() {
        return handlers;
    }

    Path socketPath() {
        return socketPath;
    }

    Executor executor() {
        return executor;
    }

    Duration registrationTimeout() {
        return registrationTimeout;
    }

    Optional<FailurePolicy> failurePolicy() {
        return Optional.ofNullable(failurePolicy);
    }

    boolean required() {
        return required;
    }

    /** Required: fail-closed unless the builder asked for fail-open, which is said once, here. */
    private static FailurePolicy failurePolicy(Builder b, PluginIdentity identity) {
        if (!b.required) {
            return b.failurePolicy;
        }
        if (b.failurePolicy == null) {
            return FailurePolicy.newBuilder().setFailRequest(true).build();
        }
        if (!b.failurePolicy.getFailRequest()) {
            log.warn("Plugin {} is required but asks for fail-open (failure policy fail_request=false): a request"
                    + " it does not answer in time goes on without it, so a container can be created without its"
                    + " adjustment; only its absence is refused (the runtime's default validator)",
                    identity.fullName());
        }
        return b.failurePolicy;
    }

    Consumer<NriEvent> listener() {
        return listener;
    }

    Map<String, String> environment() {
        return environment;
    }

    HandlerBudget budget() {
        return budget;
    }

    RequestObserver observer() {
        return observer;
    }

    Limits limits() {
        return limits;
    }

    /** Null when the plugin does not enforce. */
    Enforcer enforcer() {
        return enforcer;
    }

    Optional<Path> instancesDirectory() {
        return Optional.ofNullable(instancesDirectory);
    }

    /** The unsupported-adjustments policy, with the fields already warned of (shared by every connection). */
    IgnoredAdjustmentFields ignoredFields() {
        return ignoredFields;
    }

    private static Executor defaultExecutor(PluginIdentity identity) {
        return HandlerPool.create("nri-" + identity.fullName(), 4);
    }

    /** Collects a plugin's definition; {@link #build()} checks it. */
    public static final class Builder extends PluginOptions<Builder> {

        private String name;
        private String index;

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /** The base name; defaults to {@code NRI_PLUGIN_NAME}. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** The two-digit index that orders plugins; defaults to {@code NRI_PLUGIN_IDX}. */
        public Builder index(String index) {
            this.index = index;
            return this;
        }

        /**
         * Checks the definition and makes the plugin.
         *
         * @throws IllegalArgumentException if the identity is missing or invalid, or no lifecycle
         *     event has a handler
         */
        public NriPlugin build() {
            PluginIdentity identity = PluginIdentity.resolve(name, index, environment);
            // Escapes the Synchronize missed show up in the first event after creation.
            boolean listening = enforcement.enabled() && handlers().createContainer() != null && listenAfterStart();
            Handlers handlers = handlers();
            if (handlers.events().isEmpty()) {
                throw new IllegalArgumentException("plugin " + identity.fullName()
                        + " handles no lifecycle event; register at least one on...() handler");
            }
            EventMask subscribed = subscription == null ? handlers.events() : subscription;
            if (listening) {
                subscribed = subscribed.or(EventMask.of(Event.POST_START_CONTAINER));
            }
            if (!subscribed.without(handlers.events()).isEmpty()) {
                throw new IllegalArgumentException("plugin " + identity.fullName() + " cannot subscribe to "
                        + subscribed.without(handlers.events()) + ": it has no handler for them");
            }
            if (subscribed.isEmpty()) {
                throw new IllegalArgumentException("plugin " + identity.fullName() + " subscribes to no event");
            }
            return new NriPlugin(this, identity, handlers, subscribed);
        }
    }
}
