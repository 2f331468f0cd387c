package io.nri4j.stub;

import io.nri4j.internal.log.Causes;
import io.nri4j.internal.log.WireText;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far one connection got, and how it ended (internal): the state, the milestones the
 * application waits for, the events its listener is told, and the reason for the end.
 *
 * <p>Thread rule: thread-safe. The event loop reports the socket and the end; handler threads
 * report what the runtime's requests did (Configure, Synchronize, Shutdown). Listeners are told
 * in order on a serial executor over the plugin's executor, never on the event loop.
 */
final class StubProgress {

    // The stub's logger: these lines are the plugin's connection as users read it.
    private static final Logger log = LoggerFactory.getLogger(NriStub.class);

    private final NriPlugin plugin;
    private final StubInstances instances;
    private final Executor events;
    private final AtomicReference<StubState> state = new AtomicReference<>(StubState.CONNECTING);
    private final Object milestones = new Object();
    final CompletableFuture<Void> registration = new CompletableFuture<>();
    final CompletableFuture<Void> synchronization = new CompletableFuture<>();
    final CompletableFuture<Disconnect> closed = new CompletableFuture<>();
    private volatile RuntimeInfo runtime;
    private volatile EventMask subscribed = EventMask.NONE;
    private volatile String shutdownReason;
    private volatile boolean closedLocally;
    /** Whether the socket ever opened: an attempt that failed before is reported by its owner. */
    private volatile boolean connected;
    /** Why the plugin ended the connection after a failure, e.g. a refused registration. */
    private volatile String failure;
    private volatile Disconnect.Kind failureKind;
    /** Whether the plugin refused the runtime's Configure, after which the runtime hangs up. */
    private volatile boolean configureRefused;

    StubProgress(NriPlugin plugin, StubInstances instances, Executor events) {
        this.plugin = plugin;
        this.instances = instances;
        this.events = events;
    }

    StubState state() {
        return state.get();
    }

    RuntimeInfo runtime() {
        return runtime;
    }

    EventMask subscribed() {
        return subscribed;
    }

    // --- the way up ------------------------------------------------------------------------------

    /** The socket is open; the stub registers next. False if the plugin closed it meanwhile. */
    boolean connected(String target) {
        if (closedLocally) {
            return false;
        }
        connected = true;
        advance(StubState.REGISTERING);
        log.info("plugin {} connected to the runtime at {}", name(), target);
        emit(new NriEvent.Connected(target));
        return true;
    }

    /**
     * The runtime accepted the plugin: its reply to RegisterPlugin, or its Configure, which the
     * runtime sends from elsewhere while the reply is on its way and so may arrive first. Told
     * once, before Configured.
     */
    void registered() {
        // Under a lock: the thread that loses the race to complete the registration must not go
        // on to tell Configured (and Synchronized) before the winner has told Registered.
        synchronized (milestones) {
            advance(StubState.REGISTERED);
            if (registration.complete(null)) {
                log.info("plugin {} registered", name());
                emit(new NriEvent.Registered(plugin.identity()));
            }
        }
    }

    /**
     * RegisterPlugin failed. Returns whether this is the first word of it, in which case the
     * caller closes the connection, and the end gives this reason.
     */
    boolean registrationFailed(String why, Throwable cause, boolean refusedByRuntime) {
        if (!registration.completeExceptionally(new RegistrationException(
                "registration of plugin " + name() + " failed: " + why, cause))) {
            return false;
        }
        fail(refusedByRuntime ? Disconnect.Kind.REGISTRATION_REFUSED : Disconnect.Kind.RUNTIME_GONE,
                "registration failed: " + why);
        return true;
    }

    void runtimeConfigured(RuntimeInfo info) {
        registered();
        this.runtime = info;
    }

    void subscribed(RuntimeInfo info, Subscription subscription, EventMask wanted, String who) {
        EventMask mask = subscription.subscribed();
        this.subscribed = mask;
        advance(StubState.CONFIGURED);
        log.info("plugin {} configured by {}; subscribed to {}", name(), who, mask);
        emit(new NriEvent.Configured(info, mask, wanted, subscription.leftOut()));
    }

    void synchronizedWith(int pods, int containers) {
        advance(StubState.READY);
        log.info("plugin {} synchronized: {} pods, {} containers", name(), pods, containers);
        synchronization.complete(null);
        emit(new NriEvent.Synchronized(runtime, subscribed, pods, containers));
    }

    void configureRefused() {
        configureRefused = true;
    }

    /** The plugin refused the runtime's Synchronize, over its limits: the runtime hangs up next. */
    void syncRefused(String reason) {
        fail(Disconnect.Kind.PROTOCOL_ERROR, "refused the runtime's Synchronize: " + reason);
    }

    void shutdownRequested(String reason) {
        this.shutdownReason = reason;
        log.info("runtime asked plugin {} to shut down{}", name(),
                reason.isEmpty() ? "" : ": " + WireText.escape(reason));
        emit(new NriEvent.ShutdownRequested(reason));
    }

    /** A CreateContainer reply went out with fields the runtime ignores. */
    void adjustmentFieldsIgnored(String containerId, List<String> fields, RuntimeInfo info) {
        emit(new NriEvent.AdjustmentFieldsIgnored(containerId, fields, info));
    }

    // --- the end ---------------------------------------------------------------------------------

    /** The plugin is closing the connection itself. */
    void closingLocally() {
        closedLocally = true;
    }

    /** The trunk is gone: the end's reason follows from what came before, or from the cause. */
    void trunkClosed(Throwable cause) {
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

    /** Ends the connection's story once: later calls are ignored. */
    void finish(Throwable cause, String reason, Disconnect.Kind kind) {
        if (state.getAndSet(StubState.CLOSED) == StubState.CLOSED) {
            return;
        }
        Optional<String> shutdown = Optional.ofNullable(shutdownReason);
        Disconnect disconnect = kind == null
                ? new Disconnect(reason, shutdown, Optional.ofNullable(cause), closedLocally)
                : new Disconnect(reason, shutdown, Optional.ofNullable(cause), closedLocally, kind);
        if (!registration.isDone()) {
            registration.completeExceptionally(new RegistrationException(
                    "plugin " + name() + " could not register: " + reason, cause));
        }
        synchronization.completeExceptionally(new IllegalStateException("disconnected: " + reason));

        if (connected) {
            log.info("plugin {} disconnected: {}", name(), reason);
        } else {
            // The attempt's owner reports it (run() throws; the Spring lifecycle logs one line).
            log.debug("plugin {} could not connect: {}", name(), reason);
        }
        emit(new NriEvent.Disconnected(disconnect));
        events.execute(() -> {
            // Leaving only now, off the event loop: while connected, even draining, this
            // instance may hold claims. Before closeFuture completes: a process exits then.
            instances.leave();
            closed.complete(disconnect);
        });
    }

    private void fail(Disconnect.Kind kind, String reason) {
        // The kind first: the end reads the reason, then its kind.
        failureKind = kind;
        failure = reason;
    }

    private void advance(StubState next) {
        state.getAndUpdate(current -> current == StubState.CLOSED || current.compareTo(next) >= 0 ? current : next);
    }

    /** Tells the listener, in order with the milestones, off the I/O thread. */
    void publish(NriEvent event) {
        emit(event);
    }

    private void emit(NriEvent event) {
        events.execute(() -> plugin.listener().accept(event));
    }

    private String name() {
        return plugin.identity().fullName();
    }
}
