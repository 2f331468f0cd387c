package io.nri4j.stub;

import io.netty.channel.Channel;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.RegisterPluginRequest;
import io.nri4j.internal.log.Causes;
import io.nri4j.internal.log.WireText;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxPipeline;
import io.nri4j.internal.mux.TrunkReader;
import io.nri4j.internal.transport.NativeTransportException;
import io.nri4j.internal.transport.Trunks;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcClient;
import io.nri4j.internal.ttrpc.TtrpcClientEndpoint;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcServerEndpoint;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The socket side of one connection (internal): opens the trunk, builds its pipeline, registers,
 * and sees it close.
 *
 * <p>Thread rule: the endpoints are made on the event loop in {@link #initPipeline}, before the
 * channel is active, and only read afterwards; the idle waiters are the event loop's alone.
 * Other threads come in through {@link #whenIdle} and {@link #close}, which hand their work to
 * the event loop, or through the outbox, which does the same.
 */
final class StubChannel {

    static final String RUNTIME_SERVICE = "nri.pkg.api.v1alpha1.Runtime";

    private final NriPlugin plugin;
    private final NriStub stub;
    private final StubProgress progress;
    private final StubInstances instances;
    /** The plugin's executor, or the common pool once it is shut down: never the event loop. */
    private final Executor offLoop;
    private volatile Channel trunk;
    private volatile PluginService service;
    private volatile TtrpcServerEndpoint server;
    private volatile TtrpcClient client;
    private volatile UpdateOutbox outbox;

    StubChannel(NriPlugin plugin, NriStub stub, StubProgress progress, StubInstances instances, Executor offLoop) {
        this.plugin = plugin;
        this.stub = stub;
        this.progress = progress;
        this.instances = instances;
        this.offLoop = offLoop;
    }

    /** Dials the socket, or adopts the one the runtime passed: upstream's order, fd first. */
    void open() {
        String fd = plugin.environment().get(NriPlugin.SOCKET_ENV);
        boolean inherited = fd != null && !fd.isBlank();
        String target = inherited ? "inherited fd " + fd.trim() : plugin.socketPath().toString();
        CompletableFuture<Channel> opening;
        if (inherited) {
            int number;
            try {
                number = Integer.parseInt(fd.trim());
            } catch (NumberFormatException e) {
                progress.finish(e, "invalid " + NriPlugin.SOCKET_ENV + "=\"" + WireText.escape(fd)
                        + "\": not a file descriptor number", Disconnect.Kind.REGISTRATION_REFUSED);
                return;
            }
            opening = Trunks.adopt(number, this::initPipeline);
        } else {
            instances.join(plugin, plugin.identity().fullName(), target);
            opening = Trunks.dial(plugin.socketPath(), this::initPipeline);
        }
        opening.whenComplete((channel, error) -> {
            if (error == null) {
                register(channel, target);
            } else if (error instanceof NativeTransportException) {
                progress.finish(error, Causes.describe(error), Disconnect.Kind.RUNTIME_GONE);
            } else if (inherited) {
                progress.finish(error, "cannot use the NRI socket on " + target + ": " + Causes.describe(error),
                        Disconnect.Kind.RUNTIME_GONE);
            } else {
                progress.finish(error, "cannot connect to the NRI socket " + target + ": " + Causes.describe(error)
                        + " (is NRI enabled in the runtime, and the socket mounted?)", Disconnect.Kind.RUNTIME_GONE);
            }
        });
    }

    /** Event loop, before the channel is active. */
    private void initPipeline(Channel channel) {
        trunk = channel;
        Limits limits = plugin.limits();
        service = stub.newService(new HandlerInvoker(plugin.executor(), plugin.budget()));
        // With nri4j's own pool, the threads that read a request run it: no hand-off between them.
        TrunkReader reader = HandlerPool.threadsOf(plugin.executor())
                .map(t -> new TrunkReader(channel, plugin.executor(), t.factory(), t.handlers(),
                        TrunkReader.HAND_ON_AFTER))
                .orElse(null);
        server = new TtrpcServerEndpoint(channel, ConnId.PLUGIN_SERVICE,
                reader == null ? plugin.executor() : reader, List.of(service.service()), limits.maxRequestsInFlight());
        TtrpcClientEndpoint clientEndpoint = reader == null
                ? new TtrpcClientEndpoint(channel, ConnId.RUNTIME_SERVICE)
                : new TtrpcClientEndpoint(channel, ConnId.RUNTIME_SERVICE, reader::ensureReading);
        client = new TtrpcClient(clientEndpoint, plugin.executor());
        outbox = new UpdateOutbox(channel.eventLoop(), offLoop, client, server);
        Map<ConnId, MuxEndpoint> endpoints = Map.of(ConnId.PLUGIN_SERVICE, server,
                ConnId.RUNTIME_SERVICE, clientEndpoint);
        MuxPipeline.install(channel, endpoints, this::trunkClosed, limits.trunkSettings(), reader);
    }

    private void register(Channel channel, String target) {
        if (!progress.connected(target)) {
            channel.close();
            return;
        }
        PluginIdentity identity = plugin.identity();
        RegisterPluginRequest request = RegisterPluginRequest.newBuilder()
                .setPluginName(identity.name())
                .setPluginIdx(identity.index())
                .setNRIVersion(NriVersion.API.toString())
                .build();
        client.call(RUNTIME_SERVICE, "RegisterPlugin", request, Empty.parser(), plugin.registrationTimeout())
                .whenComplete((ok, error) -> {
                    if (error == null) {
                        progress.registered();
                        return;
                    }
                    Throwable cause = error instanceof CompletionException ? error.getCause() : error;
                    if (cause instanceof TtrpcException t && t.code() == StatusCode.UNAVAILABLE) {
                        // The connection ended under the call: its end says why, and how it ended
                        // (a protocol error, the runtime gone), with its own cause.
                        return;
                    }
                    if (progress.registrationFailed(Causes.describe(cause), cause, refusedByRuntime(cause))) {
                        channel.close();
                    }
                });
    }

    /** Whether the runtime answered RegisterPlugin with an error, rather than not at all. */
    private static boolean refusedByRuntime(Throwable cause) {
        return cause instanceof TtrpcException t && t.code() != StatusCode.DEADLINE_EXCEEDED
                && t.code() != StatusCode.UNAVAILABLE;
    }

    /** The plugin's service, once the pipeline is built: null before. */
    PluginService service() {
        return service;
    }

    UpdateOutbox outbox() {
        return outbox;
    }

    /** Runs {@code action} on the event loop once no answer is pending: at once if none is. */
    void whenIdle(Runnable action) {
        trunk.eventLoop().execute(() -> server.whenIdle(action));
    }

    /** Closes the connection; before it opened, the attempt ends at once. */
    void close() {
        progress.closingLocally();
        Channel ch = trunk;
        if (ch != null) {
            ch.close();
        } else {
            progress.finish(null, "closed by the plugin before it connected", Disconnect.Kind.SHUTDOWN);
        }
    }

    /** Event loop: the trunk is gone. */
    private void trunkClosed(Throwable cause) {
        UpdateOutbox box = outbox;
        if (box != null) {
            box.close();
        }
        progress.trunkClosed(cause);
    }
}
