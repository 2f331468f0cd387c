package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.ConfigureResponse;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.FailurePolicy;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests that belong to the connection rather than to a pod or container: Configure (the
 * subscription, as upstream: Configure may narrow it, never widen it), Synchronize (joined when
 * split, bounded by the limits) and Shutdown. Runs on handler threads, one request at a time.
 */
final class Handshake {

    // The service's logger: these lines are about the runtime's requests.
    private static final Logger log = LoggerFactory.getLogger(PluginService.class);
    /** The first NRI release whose runtime reads ConfigureResponse.failure_policy. */
    private static final NriVersion FAILURE_POLICY = new NriVersion(0, 12, 4, "");

    private final NriPlugin plugin;
    private final Handlers h;
    private final StubProgress progress;
    private final StubInstances instances;
    private final HandlerInvoker invoker;
    private final SyncCollector sync;
    private final Enforcer enforcer;
    /** The Synchronize being scanned for escapes, part by part. */
    private Enforcer.SyncScan scan;

    Handshake(NriPlugin plugin, StubProgress progress, StubInstances instances, HandlerInvoker invoker) {
        this.plugin = plugin;
        this.h = plugin.handlers();
        this.progress = progress;
        this.instances = instances;
        this.invoker = invoker;
        this.enforcer = plugin.enforcer();
        this.sync = new SyncCollector(plugin.limits(), h.synchronize() != null);
    }

    /** The scan of the Synchronize under way, begun by its first part. */
    private Enforcer.SyncScan scan() {
        if (scan == null) {
            scan = enforcer.newScan();
        }
        return scan;
    }

    /** Serialized bytes of a split Synchronize held until its last part. */
    long syncHeldBytes() {
        return sync.heldBytes();
    }

    MessageLite configure(ConfigureRequest request, RequestContext context) {
        RuntimeInfo runtime = RuntimeInfo.from(request);
        progress.runtimeConfigured(runtime);
        RequestContext ctx = new RequestContext(context.method(), context.event(), runtime, context.stub(),
                context.timeoutNanos(), context.startNanos(), context.metadata());
        EventMask handled = plugin.subscription();
        EventMask wanted = handled;
        EventMask narrowed = invoker.now(h.configure(), request, ctx, "the runtime");
        if (narrowed != null && !narrowed.isEmpty()) {
            EventMask extra = narrowed.without(handled);
            if (!extra.isEmpty()) {
                throw refuse("the Configure handler subscribed to events without a handler: " + extra);
            }
            wanted = narrowed;
        }
        String who = Subscription.who(runtime);
        Subscription subscription = Subscription.choose(runtime, wanted);
        subscription.note().ifPresent(note -> {
            if (subscription.warn()) {
                log.warn("{}", note);
            } else {
                log.info("{}", note);
            }
        });
        EventMask subscribed = subscription.subscribed();
        if (subscribed.isEmpty()) {
            throw refuse("none of the events " + plugin.identity().fullName() + " handles (" + wanted
                    + ") is known to " + who);
        }
        progress.subscribed(runtime, subscription, wanted, who);
        if (plugin.required()) {
            failClosedGaps(plugin.identity().fullName(), runtime, plugin.failurePolicy()).ifPresent(log::warn);
        }
        ConfigureResponse.Builder response = ConfigureResponse.newBuilder().setEvents(subscribed.bits());
        plugin.failurePolicy().ifPresent(response::setFailurePolicy);
        return response.build();
    }

    /**
     * What a required plugin's fail-closed recipe lacks in this runtime, as one line; empty when
     * nothing: the default validator's required_plugins (NRI v0.10.0) and, when the plugin asks
     * for it, the failure policy's fail_request (NRI v0.12.4).
     */
    static Optional<String> failClosedGaps(String plugin, RuntimeInfo runtime, Optional<FailurePolicy> policy) {
        NriVersion nri = runtime.nriVersion().orElse(NriVersion.OLDEST_SUPPORTED);
        List<String> missing = new ArrayList<>();
        if (nri.compareTo(NriVersion.V0_10_0) < 0) {
            missing.add("default validator with required_plugins (NRI " + NriVersion.V0_10_0
                    + " and later): containers are created while the plugin is absent");
        }
        if (policy.map(FailurePolicy::getFailRequest).orElse(false) && nri.compareTo(FAILURE_POLICY) < 0) {
            missing.add("failure policy (NRI " + FAILURE_POLICY
                    + " and later): a request the plugin does not answer in time goes on without it");
        }
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Plugin " + plugin + " is required, but " + Subscription.who(runtime) + " has no "
                + String.join("; and no ", missing));
    }

    /**
     * How a Synchronize part is read: whole for a Synchronize handler; for enforcement alone,
     * only what it needs (ids, markers, unmarked containers); otherwise only whether more follow.
     */
    PluginService.Decoder<SynchronizeRequest> syncDecoder() {
        if (enforcer == null) {
            return h.synchronize() != null ? SynchronizeRequest.parser()::parseFrom : SyncPartReader::envelope;
        }
        return h.synchronize() != null ? this::parseAndScan : this::scanPart;
    }

    private SynchronizeRequest parseAndScan(ByteString part) throws InvalidProtocolBufferException {
        SynchronizeRequest request = SynchronizeRequest.parseFrom(part);
        scan().add(request);
        return request;
    }

    private SynchronizeRequest scanPart(ByteString part) throws InvalidProtocolBufferException {
        scan().add(part);
        return SyncPartReader.envelope(part);
    }

    /** Refuses a Synchronize over the limits: the runtime drops the plugin, which says why once. */
    void admitSync(ByteString part) {
        try {
            sync.admit(part);
        } catch (SyncLimitException e) {
            log.error("refusing the runtime's Synchronize: {}", e.reason());
            progress.syncRefused(e.reason());
            throw e;
        }
    }

    CompletionStage<SynchronizeResponse> synchronize(SynchronizeRequest request, RequestContext context,
            HandlerInvoker.Call call) {
        if (request.getMore()) {
            sync.add(request);
            return CompletableFuture.completedFuture(SynchronizeResponse.newBuilder().setMore(true).build());
        }
        SyncCollector.Joined joined = sync.complete(request);
        instances.synchronizing();
        // Synchronized, the plugin gets requests at once: it answers warm, or at least not later
        // than a quarter of this request's time.
        // In nanoseconds: Duration.dividedBy goes through BigDecimal, whose initialization, cold in
        // a plugin without Spring, took tens of milliseconds of the handshake.
        Duration remaining = context.timeRemaining();
        Warmup.await(Duration.ofNanos(remaining == null ? 0 : remaining.toNanos() / 4));
        List<EscapedContainer> escapes = enforcer == null ? List.of() : enforcer.synchronize(scan());
        scan = null;
        return invoker.budgeted(h.synchronize(), joined.request(), context, joined.pods() + " pods", call, null)
                .thenApply(updates -> {
                    progress.synchronizedWith(joined.pods(), joined.containers());
                    if (!escapes.isEmpty()) {
                        // After the handshake: updates wait in the outbox until this answer is out.
                        plugin.executor().execute(() -> enforcer.catchUp(escapes, context.stub(), progress::publish));
                    }
                    return SynchronizeResponse.newBuilder().addAllUpdate(updates == null ? List.of() : updates)
                            .build();
                });
    }

    MessageLite shutdown(ShutdownRequest request, RequestContext context) {
        try {
            invoker.now(Events.asRequestHandler(h.shutdown()), request, context, "the plugin");
        } catch (TtrpcException e) {
            // Already logged; the runtime is going away whatever the handler thinks.
        }
        progress.shutdownRequested(request.getReason());
        return Empty.getDefaultInstance();
    }

    private TtrpcException refuse(String message) {
        log.error("refusing the runtime's Configure: {}", message);
        progress.configureRefused();
        return new TtrpcException(TtrpcStatus.of(StatusCode.FAILED_PRECONDITION, message));
    }
}
