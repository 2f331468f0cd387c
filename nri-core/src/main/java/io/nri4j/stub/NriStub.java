package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.internal.ttrpc.OffLoopExecutor;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a plugin to the runtime, from connecting to its end. A stub is not reused:
 * to reconnect, {@link NriPlugin#connect()} again.
 *
 * <p>Thread rule: every method may be called from any application thread, a handler's included,
 * and none runs user code or blocks on the I/O thread. The {@code await...} methods block the
 * caller until the milestone; a handler must not wait for its own connection's milestones.
 */
public final class NriStub implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NriStub.class);

    private final NriPlugin plugin;
    private final StubInstances instances = new StubInstances();
    private final StubProgress progress;
    private final StubChannel channel;

    /** A stub not yet connected; {@link #open} connects it. */
    NriStub(NriPlugin plugin) {
        this.plugin = plugin;
        OffLoopExecutor offLoop = new OffLoopExecutor(plugin.executor());
        this.progress = new StubProgress(plugin, instances, new SerialExecutor(offLoop));
        this.channel = new StubChannel(plugin, this, progress, instances, offLoop);
    }

    static NriStub open(NriPlugin plugin) {
        Warmup.start();
        NriStub stub = new NriStub(plugin);
        stub.channel.open();
        return stub;
    }

    /** The plugin's name and index. */
    public PluginIdentity identity() {
        return plugin.identity();
    }

    /** This process's instance. */
    public PluginInstance instance() {
        return plugin.instance();
    }

    /** Where the connection is now. */
    public StubState state() {
        return progress.state();
    }

    /** What the runtime said in Configure, once it has. */
    public Optional<RuntimeInfo> runtime() {
        return Optional.ofNullable(progress.runtime());
    }

    /** The events subscribed to in Configure; empty before. */
    public EventMask subscribed() {
        return progress.subscribed();
    }

    /**
     * The other instances of this plugin connected to the same runtime (as of the last request),
     * when instances coordinate; empty otherwise.
     */
    public List<PluginInstance> peers() {
        return instances.peers();
    }

    /** Completes when the runtime accepted RegisterPlugin; fails with a {@link RegistrationException}. */
    public CompletionStage<Void> registration() {
        return progress.registration.copy();
    }

    /** Completes when Synchronize was answered and events start to flow. */
    public CompletionStage<Void> synchronization() {
        return progress.synchronization.copy();
    }

    /** Completes when the connection has ended, however it ended. */
    public CompletionStage<Disconnect> closeFuture() {
        return progress.closed.copy();
    }

    /**
     * Blocks until registered.
     *
     * @throws RegistrationException if that failed
     */
    public void awaitRegistration() throws InterruptedException {
        try {
            progress.registration.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RegistrationException r ? r
                    : new RegistrationException(e.getCause().getMessage(), e.getCause());
        }
    }

    /** Blocks until the connection has ended. */
    public Disconnect awaitClose() throws InterruptedException {
        try {
            return progress.closed.get();
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
        StubState s = progress.state();
        if (s == StubState.CLOSED) {
            return UpdatesFuture.failed(new IllegalStateException("the connection to the runtime is closed"));
        }
        if (s.compareTo(StubState.REGISTERED) < 0) {
            return UpdatesFuture.failed(new IllegalStateException(
                    "plugin " + identity().fullName() + " is not registered with the runtime yet"));
        }
        return channel.outbox().submit(List.copyOf(updates));
    }

    /**
     * Stops gracefully: from now on lifecycle requests get the answer of an absent plugin
     * without running handlers; once the handlers already running have finished, or the grace
     * period is over, the connection is closed.
     *
     * @return completes when the connection has ended
     */
    public CompletionStage<Disconnect> shutdownGracefully(Duration grace) {
        PluginService service = channel.service();
        if (service == null || progress.state() == StubState.CLOSED) {
            close();
            return closeFuture();
        }
        if (!instances.joined()) {
            drainAndClose(service, grace);
        } else {
            // Waiting for a peer to take over blocks: not on the caller's thread.
            Thread waiting = new Thread(() -> {
                long start = System.nanoTime();
                instances.awaitHandover(grace).ifPresent(peer -> log.info("plugin {} hands over to instance {} ({})",
                        identity().fullName(), peer.id(), peer.version()));
                drainAndClose(service, grace.minusNanos(System.nanoTime() - start));
            }, "nri-handover-" + identity().fullName());
            waiting.setDaemon(true);
            waiting.start();
        }
        return closeFuture();
    }

    private void drainAndClose(PluginService service, Duration grace) {
        log.info("plugin {} stopping: finishing requests in progress (at most {} ms)", identity().fullName(),
                Math.max(0, grace.toMillis()));
        service.drain().start();
        CompletableFuture<Void> answered = new CompletableFuture<>();
        // The idle signal comes right after the last answer was written.
        channel.whenIdle(() -> answered.complete(null));
        answered.completeOnTimeout(null, Math.max(0, grace.toMillis()), TimeUnit.MILLISECONDS)
                .whenComplete((ignored, error) -> close());
    }

    /** Closes the connection. The runtime treats this as the plugin going away. */
    @Override
    public void close() {
        channel.close();
    }

    /** The plugin service of this connection, its handlers run by {@code invoker}. */
    PluginService newService(HandlerInvoker invoker) {
        return new PluginService(plugin, this, progress, instances, invoker);
    }
}
