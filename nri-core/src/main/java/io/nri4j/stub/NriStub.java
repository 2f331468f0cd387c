package io.nri4j.stub;

import io.netty.channel.Channel;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.RegisterPluginRequest;
import io.nri4j.internal.instances.Turn;
import io.nri4j.internal.log.Causes;
import io.nri4j.internal.log.WireText;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.transport.NativeTransportException;
import io.nri4j.internal.transport.Trunks;
import io.nri4j.internal.ttrpc.OffLoopExecutor;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcClient;
import io.nri4j.internal.ttrpc.TtrpcClientEndpoint;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcServerEndpoint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a plugin to the runtime, from connecting to its end. Thread-safe. A stub is
 * not reused: to reconnect, {@link NriPlugin#connect()} again.
 */
public final class NriStub implements AutoCloseable {

    static final String RUNTIME_SERVICE = "nri.pkg.api.v1alpha1.Runtime";

    private static final Logger log = LoggerFactory.getLogger(NriStub.class);

    private final NriPlugin plugin;
    /** The plugin's executor, or the common pool once it is shut down: never the event loop. */
    private final Executor offLoop;
    private final Executor events;
    private final AtomicReference<StubState> state = new AtomicReference<>(StubState.CONNECTING);
    private final Object milestones = new Object();
    private final CompletableFuture<Void> registration = new CompletableFuture<>();
    private final CompletableFuture<Void> synchronization = new CompletableFuture<>();
    private final CompletableFuture<Disconnect> closed = new CompletableFuture<>();
    private volatile Channel trunk;
    private volatile PluginService service;
    private volatile TtrpcServerEndpoint server;
    /** Event loop only: graceful stops waiting for every answer to be sent. */
    private final List<Runnable> idleWaiters = new java.util.ArrayList<>();
    private volatile TtrpcClient client;
    private volatile UpdateOutbox outbox;
    private volatile RuntimeInfo runtime;
    private volatile EventMask subscribed = EventMask.NONE;
    private volatile String shutdownReason;
    private volatile boolean closedLocally;
    /** Whether the socket ever opened: an attempt that failed before is reported by its owner. */
    private volatile boolean connected;
    /** Why the plugin closed the connection itself after a failure, e.g. a refused registration. */
    private volatile String failure;
    private volatile Disconnect.Kind failureKind;
    /** Whether the plugin refused the runtime's Configure, after which the runtime hangs up. */
    private volatile boolean configureRefused;
    private final StubInstances instances = new StubInstances();

    /** A stub not yet connected; {@link #open} connects it. */
    NriStub(NriPlugin plugin) {
        this.plugin = plugin;
        this.offLoop = new OffLoopExecutor(plugin.executor());
        this.events = new SerialExecutor(offLoop);
    }

    static NriStub open(NriPlugin plugin) {
        Warmup.start();
        NriStub stub = new NriStub(plugin);
        stub.connect();
        return stub;
    }

    /** The plugin's name and index. */
    public PluginIdentity identity() {
        return plugin.identity();
    }

    /** Where the connection is now. */
    public StubState state() {
        return state.get();
    }

    /** What the runtime said in Configure, once it has. */
    public Optional<RuntimeInfo> runtime() {
        return Optional.ofNullable(runtime);
    }

    /** The events subscribed to in Configure; empty before. */
    public EventMask subscribed() {
        return subscribed;
    }

    /** Completes when the runtime accepted RegisterPlugin; fails with a {@link RegistrationException}. */
    public CompletionStage<Void> registration() {
        return registration.copy();
    }

    /** Completes when Synchronize was answered and events start to flow. */
    public CompletionStage<Void> synchronization() {
        return synchronization.copy();
    }

    /** Completes when the connection has ended, however it ended. */
    public CompletionStage<Disconnect> closeFuture() {
        return closed.copy();
    }

    /**
     * Blocks until registered.
     *
     * @throws RegistrationException if that failed
     */
    public void awaitRegistration() throws InterruptedException {
        try {
            registration.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RegistrationException r ? r
                    : new RegistrationException(e.getCause().getMessage(), e.getCause());
        }
    }

    /** Blocks until the connection has ended. */
    public Disconnect awaitClose() throws InterruptedException {
        try {
            return closed.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Asks the runtime to apply updates to existing containers; completes with the updates it
     * could not apply. Safe to call from a handler: the call goes out once the plugin has answered
     * the runtime's pending request (waiting for it inside the handler fails fast).
     */
    public CompletableFuture<List<ContainerUpdate>> updateContainers(List<ContainerUpdate> updates) {
        StubState s = state.get();
        if (s == StubState.CLOSED) {
            return UpdatesFuture.failed(new IllegalStateException("the connection to the runtime is closed"));
        }
        if (s.compareTo(StubState.REGISTERED) < 0) {
            return UpdatesFuture.failed(new IllegalStateException(
                    "plugin " + identity().fullName() + " is not registered with the runtime yet"));
        }
        return outbox.submit(List.copyOf(updates));
    }

    /**
     * Stops gracefully: from now on lifecycle requests get the answer of an absent plugin
     * without running handlers; once the handlers already running have finished, or the grace
     * period is over, the connection is closed.
     *
     * @return completes when the connection has ended
     */
    public CompletionStage<Disconnect> shutdownGracefully(Duration grace) {
        PluginService s = service;
        if (s == null || state.get() == StubState.CLOSED) {
            close();
            return closeFuture();
        }
        if (!instances.joined()) {
            drainAndClose(s, grace);
        } else {
            Thread waiting = new Thread(() -> {
                long start = System.nanoTime();
                instances.awaitHandover(grace).ifPresent(peer -> log.info("plugin {} hands over to instance {} ({})",
                        identity().fullName(), peer.id(), peer.version()));
                drainAndClose(s, grace.minusNanos(System.nanoTime() - start));
            }, "nri-handover-" + identity().fullName());
            waiting.setDaemon(true);
            waiting.start();
        }
        return closeFuture();
    }

    private void drainAndClose(PluginService s, Duration grace) {
        log.info("plugin {} stopping: finishing requests in progress (at most {} ms)", identity().fullName(),
                Math.max(0, grace.toMillis()));
        s.drain().start();
        Channel ch = trunk;
        CompletableFuture<Void> answered = new CompletableFuture<>();
        // On the event loop, the idle signal comes right after the last answer was written.
        ch.eventLoop().execute(() -> {
            if (server.activeCalls() == 0) {
                answered.complete(null);
            } else {
                idleWaiters.add(() -> answered.complete(null));
            }
        });
        answered.completeOnTimeout(null, Math.max(0, grace.toMillis()), java.util.concurrent.TimeUnit.MILLISECONDS)
                .whenComplete((ignored, error) -> close());
    }

    /** Closes the connection. The runtime treats this as the plugin going away. */
    @Override
    public void close() {
        closedLocally = true;
        Channel ch = trunk;
        if (ch != null) {
            ch.close();
        } else {
            finish(null, "closed by the plugin before it connected", Disconnect.Kind.SHUTDOWN);
        }
    }

    // --- connecting ------------------------------------------------------------------------------

    private void connect() {
        String fd = plugin.environment().get(NriPlugin.SOCKET_ENV);
        CompletableFuture<Channel> opening;
        String target;
        if (fd != null && !fd.isBlank()) {
            target = "inherited fd " + fd.trim();
            int number;
            try {
                number = Integer.parseInt(fd.trim());
            } catch (NumberFormatException e) {
                finish(e, "invalid " + NriPlugin.SOCKET_ENV + "=\"" + WireText.escape(fd)
                        + "\": not a file descriptor number", Disconnect.Kind.REGISTRATION_REFUSED);
                return;
            }
            opening = Trunks.adopt(number, this::initPipeline);
        } else {
            target = plugin.socketPath().toString();
            instances.join(plugin, identity().fullName(), target);
            opening = Trunks.dial(plugin.socketPath(), this::initPipeline);
        }
        boolean dialed = fd == null || fd.isBlank();
        opening.whenComplete((channel, error) -> {
            if (error != null) {
                finish(error, error instanceof NativeTransportException ? Causes.describe(error) : dialed
                        ? "cannot connect to the NRI socket " + target + ": " + Causes.describe(error)
                                + " (is NRI enabled in the runtime, and the socket mounted?)"
                        : "cannot use the NRI socket on " + target + ": " + Causes.describe(error),
                        Disconnect.Kind.RUNTIME_GONE);
            } else {
                connected(channel, target);
            }
        });
    }

    /** Whether this instance handles the request; alone, always. */
    Turn turn(Supplier<String> key) {
        return instances.turn(key);
    }

    /** The Synchronize request of this connection arrived. */
    void synchronizing() {
        instances.synchronizing();
    }

    /**
     * The other instances of this plugin connected to the same runtime (as of the last request),
     * when instances coordinate; empty otherwise.
     */
    public List<PluginInstance> peers() {
        return instances.peers();
    }

    /** This process's instance. */
    public PluginInstance instance() {
        return plugin.instance();
    }

    /** Event loop, before the channel is active. */
    private void initPipeline(Channel channel) {
        trunk = channel;
        Limits limits = plugin.limits();
        service = new PluginService(plugin.handlers(), this,
                new HandlerInvoker(plugin.executor(), plugin.budget()), plugin.observer(), limits);
        server = new TtrpcServerEndpoint(channel, ConnId.PLUGIN_SERVICE, plugin.executor(),
                List.of(service.service()), limits.maxRequestsInFlight());
        TtrpcClientEndpoint clientEndpoint = new TtrpcClientEndpoint(channel, ConnId.RUNTIME_SERVICE);
        client = new TtrpcClient(clientEndpoint, plugin.executor());
        outbox = new UpdateOutbox(channel.eventLoop(), offLoop, client, server);
        server.setIdleListener(() -> {
            outbox.flush();
            List<Runnable> waiting = List.copyOf(idleWaiters);
            idleWaiters.clear();
            waiting.forEach(Runnable::run);
        });
        Map<ConnId, MuxEndpoint> endpoints = Map.of(ConnId.PLUGIN_SERVICE, server,
                ConnId.RUNTIME_SERVICE, clientEndpoint);
        MuxPipeline.install(channel, endpoints, this::trunkClosed, limits.trunkSettings());
    }

    private void connected(Channel channel, String target) {
        if (closedLocally) {
            channel.close();
            return;
        }
        connected = true;
        advance(StubState.REGISTERING);
        log.info("plugin {} connected to the runtime at {}", identity().fullName(), target);
        emit(new NriEvent.Connected(target));
        RegisterPluginRequest request = RegisterPluginRequest.newBuilder()
                .setPluginName(identity().name())
                .setPluginIdx(identity().index())
                .setNRIVersion(NriVersion.API.toString())
                .build();
        client.call(RUNTIME_SERVICE, "RegisterPlugin", request, Empty.parser(), plugin.registrationTimeout())
                .whenComplete((ok, error) -> {
                    if (error == null) {
                        registered();
                        return;
                    }
                    Throwable cause = error instanceof CompletionException ? error.getCause() : error;
                    if (cause instanceof TtrpcException t && t.code() == StatusCode.UNAVAILABLE) {
                        // The connection ended under the call: its end says why, and how it ended
                        // (a protocol error, the runtime gone), with its own cause.
                        return;
                    }
                    String why = Causes.describe(cause);
                    if (registration.completeExceptionally(new RegistrationException(
                            "registration of plugin " + identity().fullName() + " failed: " + why, cause))) {
                        // Told once, as the reason the connection ended.
                        failureKind = refusedByRuntime(cause) ? Disconnect.Kind.REGISTRATION_REFUSED
                                : Disconnect.Kind.RUNTIME_GONE;
                        failure = "registration failed: " + why;
                        channel.close();
                    }
                });
    }

    /** Whether the runtime answered RegisterPlugin with an error, rather than not at all. */
    private static boolean refusedByRuntime(Throwable cause) {
        return cause instanceof TtrpcException t && t.code() != StatusCode.DEADLINE_EXCEEDED
                && t.code() != StatusCode.UNAVAILABLE;
    }

    /**
     * The runtime accepted the plugin: its reply to RegisterPlugin, or its Configure, which the
     * runtime sends from elsewhere while the reply is on its way and so may arrive first. Told
     * once, before Configured.
     */
    private void registered() {
        // Under a lock: the thread that loses the race to complete the registration must not go
        // on to tell Configured (and Synchronized) before the winner has told Registered.
        synchronized (milestones) {
            advance(StubState.REGISTERED);
            if (registration.complete(null)) {
                log.info("plugin {} registered", identity().fullName());
                emit(new NriEvent.Registered(identity()));
            }
        }
    }

    // --- called by the plugin service ------------------------------------------------------------

    NriPlugin plugin() {
        return plugin;
    }

    RuntimeInfo runtimeOrNull() {
        return runtime;
    }

    void runtimeConfigured(RuntimeInfo info) {
        registered();
        this.runtime = info;
    }

    void subscribed(RuntimeInfo info, EventMask mask, String who) {
        this.subscribed = mask;
        advance(StubState.CONFIGURED);
        log.info("plugin {} configured by {}; subscribed to {}", identity().fullName(), who, mask);
        emit(new NriEvent.Configured(info, mask));
    }

    void synchronizedWith(int pods, int containers) {
        advance(StubState.READY);
        log.info("plugin {} synchronized: {} pods, {} containers", identity().fullName(), pods, containers);
        synchronization.complete(null);
        emit(new NriEvent.Synchronized(runtime, subscribed, pods, containers));
    }

    void configureRefused() {
        configureRefused = true;
    }

    /** The plugin refused the runtime's Synchronize, over its limits: the runtime hangs up next. */
    void syncRefused(String reason) {
        failureKind = Disconnect.Kind.PROTOCOL_ERROR;
        failure = "refused the runtime's Synchronize: " + reason;
    }

    void shutdownRequested(String reason) {
        this.shutdownReason = reason;
        log.info("runtime asked plugin {} to shut down{}", identity().fullName(),
                reason.isEmpty() ? "" : ": " + WireText.escape(reason));
        emit(new NriEvent.ShutdownRequested(reason));
    }

    // --- the end ---------------------------------------------------------------------------------

    /** Event loop: the trunk is gone. */
    private void trunkClosed(Throwable cause) {
        UpdateOutbox box = outbox;
        if (box != null) {
            box.close();
        }
        String reason;
        if (closedLocally) {
            reason = "closed by the plugin";
        } else if (failure != null) {
            reason = failure;
        } else if (cause != null) {
            reason = "connection failed: " + Causes.describe(cause);
        } else if (shutdownReason != null) {
            reason = "the runtime shut the plugin down"
                    + (shutdownReason.isEmpty() ? "" : ": " + WireText.escape(shutdownReason));
        } else {
            reason = "the runtime closed the connection";
        }
        Disconnect.Kind kind = closedLocally ? Disconnect.Kind.SHUTDOWN
                : failure != null ? failureKind
                : configureRefused ? Disconnect.Kind.REGISTRATION_REFUSED
                : null; // follows from the cause and the Shutdown request
        finish(cause, reason, kind);
    }

    private void finish(Throwable cause, String reason, Disconnect.Kind kind) {
        if (state.getAndSet(StubState.CLOSED) == StubState.CLOSED) {
            return;
        }
        Disconnect disconnect = kind == null
                ? new Disconnect(reason, Optional.ofNullable(shutdownReason), Optional.ofNullable(cause), closedLocally)
                : new Disconnect(reason, Optional.ofNullable(shutdownReason), Optional.ofNullable(cause),
                        closedLocally, kind);
        if (!registration.isDone()) {
            registration.completeExceptionally(new RegistrationException(
                    "plugin " + identity().fullName() + " could not register: " + reason, cause));
        }
        synchronization.completeExceptionally(new IllegalStateException("disconnected: " + reason));

        if (connected) {
            log.info("plugin {} disconnected: {}", identity().fullName(), reason);
        } else {
            // The attempt's owner reports it (run() throws; the Spring lifecycle logs one line).
            log.debug("plugin {} could not connect: {}", identity().fullName(), reason);
        }
        emit(new NriEvent.Disconnected(disconnect));
        events.execute(() -> {
            // Leaving only now, off the event loop: while connected, even draining, this
            // instance may hold claims. Before closeFuture completes: a process exits then.
            instances.leave();
            closed.complete(disconnect);
        });
    }

    private void advance(StubState next) {
        state.getAndUpdate(current -> current == StubState.CLOSED || current.compareTo(next) >= 0 ? current : next);
    }

    private void emit(NriEvent event) {
        events.execute(() -> plugin.listener().accept(event));
    }
}
