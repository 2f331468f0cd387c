package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.ConfigureResponse;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.PostCreateContainerRequest;
import io.nri4j.api.v1alpha1.PostCreateContainerResponse;
import io.nri4j.api.v1alpha1.PostStartContainerRequest;
import io.nri4j.api.v1alpha1.PostStartContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdateContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdateContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.RemoveContainerRequest;
import io.nri4j.api.v1alpha1.RemoveContainerResponse;
import io.nri4j.api.v1alpha1.RemovePodSandboxRequest;
import io.nri4j.api.v1alpha1.RemovePodSandboxResponse;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.RunPodSandboxResponse;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.StartContainerRequest;
import io.nri4j.api.v1alpha1.StartContainerResponse;
import io.nri4j.api.v1alpha1.StateChangeEvent;
import io.nri4j.api.v1alpha1.StopContainerRequest;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.StopPodSandboxRequest;
import io.nri4j.api.v1alpha1.StopPodSandboxResponse;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.UpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import io.nri4j.internal.instances.Turn;
import io.nri4j.internal.log.WireText;
import io.nri4j.internal.ttrpc.MethodHandler;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcService;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code nri.pkg.api.v1alpha1.Plugin} service. Every method the runtime may call is served,
 * whether or not the plugin handles its event: an event without a handler is answered with an
 * empty success, and a handled event is never answered Unimplemented (that code switches the
 * runtime to StateChange for the rest of the connection). While draining, lifecycle requests
 * are answered empty without running handlers, as if the plugin were gone.
 */
final class PluginService {

    static final String NAME = "nri.pkg.api.v1alpha1.Plugin";

    private static final Logger log = LoggerFactory.getLogger(PluginService.class);

    /** A method's body: the answer, once the handlers are done. */
    /** Reads a request's payload. */
    private interface Decoder<Q> {
        Q decode(ByteString payload) throws InvalidProtocolBufferException;
    }

    private interface Body<Q> {
        CompletionStage<? extends MessageLite> apply(Q request, RequestContext context, HandlerInvoker.Call call)
                throws Exception;
    }

    private final Handlers h;
    private final NriStub stub;
    private final HandlerInvoker invoker;
    private final RequestObserver observer;
    private final Drain drain = new Drain();
    private final SyncCollector sync;

    PluginService(Handlers handlers, NriStub stub, HandlerInvoker invoker, RequestObserver observer, Limits limits) {
        this.h = handlers;
        this.stub = stub;
        this.invoker = invoker;
        this.observer = observer;
        this.sync = new SyncCollector(limits, handlers.synchronize() != null);
    }

    Drain drain() {
        return drain;
    }

    /** Serialized bytes of a split Synchronize held until its last part. */
    long syncHeldBytes() {
        return sync.heldBytes();
    }

    TtrpcService service() {
        Map<String, MethodHandler> m = new HashMap<>();
        m.put("Configure", method(ConfigureRequest.parser(), Event.UNKNOWN, (req, ctx, call) -> done(configure(req, ctx))));
        // No handler reads the pods and containers: only whether more parts follow is parsed.
        Decoder<SynchronizeRequest> syncDecoder = h.synchronize() != null ? SynchronizeRequest.parser()::parseFrom
                : SyncCollector::envelope;
        m.put("Synchronize", method(syncDecoder, Event.UNKNOWN, this::admitSync, this::synchronize));
        m.put("Shutdown", method(ShutdownRequest.parser(), Event.UNKNOWN, (req, ctx, call) -> done(shutdown(req, ctx))));
        m.put("RunPodSandbox", notification(RunPodSandboxRequest.parser(), Event.RUN_POD_SANDBOX,
                h.runPodSandbox(), RunPodSandboxResponse.getDefaultInstance()));
        m.put("UpdatePodSandbox", notification(UpdatePodSandboxRequest.parser(), Event.UPDATE_POD_SANDBOX,
                h.updatePodSandbox(), UpdatePodSandboxResponse.getDefaultInstance()));
        m.put("PostUpdatePodSandbox", notification(PostUpdatePodSandboxRequest.parser(),
                Event.POST_UPDATE_POD_SANDBOX, h.postUpdatePodSandbox(),
                PostUpdatePodSandboxResponse.getDefaultInstance()));
        m.put("StopPodSandbox", notification(StopPodSandboxRequest.parser(), Event.STOP_POD_SANDBOX,
                h.stopPodSandbox(), StopPodSandboxResponse.getDefaultInstance()));
        m.put("RemovePodSandbox", notification(RemovePodSandboxRequest.parser(), Event.REMOVE_POD_SANDBOX,
                h.removePodSandbox(), RemovePodSandboxResponse.getDefaultInstance()));
        m.put("CreateContainer", method(CreateContainerRequest.parser(), Event.CREATE_CONTAINER,
                (req, ctx, call) -> invoker.budgeted(h.createContainer(), req, ctx, subject(req), call, null)
                        .thenApply(result -> createContainerResponse(req, result, ctx))));
        m.put("PostCreateContainer", notification(PostCreateContainerRequest.parser(),
                Event.POST_CREATE_CONTAINER, h.postCreateContainer(),
                PostCreateContainerResponse.getDefaultInstance()));
        m.put("StartContainer", notification(StartContainerRequest.parser(), Event.START_CONTAINER,
                h.startContainer(), StartContainerResponse.getDefaultInstance()));
        m.put("PostStartContainer", notification(PostStartContainerRequest.parser(),
                Event.POST_START_CONTAINER, h.postStartContainer(),
                PostStartContainerResponse.getDefaultInstance()));
        m.put("UpdateContainer", method(UpdateContainerRequest.parser(), Event.UPDATE_CONTAINER,
                (req, ctx, call) -> invoker.budgeted(h.updateContainer(), req, ctx, subject(req), call, null)
                        .thenApply(PluginService::updateContainerResponse)));
        m.put("PostUpdateContainer", notification(PostUpdateContainerRequest.parser(),
                Event.POST_UPDATE_CONTAINER, h.postUpdateContainer(),
                PostUpdateContainerResponse.getDefaultInstance()));
        m.put("StopContainer", method(StopContainerRequest.parser(), Event.STOP_CONTAINER,
                (req, ctx, call) -> invoker.budgeted(h.stopContainer(), req, ctx, subject(req), call, null)
                        .thenApply(updates -> StopContainerResponse.newBuilder().addAllUpdate(orEmpty(updates)).build())));
        m.put("RemoveContainer", notification(RemoveContainerRequest.parser(), Event.REMOVE_CONTAINER,
                h.removeContainer(), RemoveContainerResponse.getDefaultInstance()));
        m.put("StateChange", method(StateChangeEvent.parser(), Event.UNKNOWN, this::stateChange));
        m.put("ValidateContainerAdjustment", method(ValidateContainerAdjustmentRequest.parser(),
                Event.VALIDATE_CONTAINER_ADJUSTMENT, this::validate));
        return new TtrpcService(NAME, m);
    }

    // --- handshake -------------------------------------------------------------------------------

    private MessageLite configure(ConfigureRequest request, RequestContext context) {
        RuntimeInfo runtime = RuntimeInfo.from(request);
        stub.runtimeConfigured(runtime);
        RequestContext ctx = new RequestContext(context.method(), context.event(), runtime, stub,
                context.timeoutNanos(), context.startNanos());
        EventMask handled = stub.plugin().subscription();
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
            throw refuse("none of the events " + stub.identity().fullName() + " handles (" + wanted
                    + ") is known to " + who);
        }
        stub.subscribed(runtime, subscribed, who);
        ConfigureResponse.Builder response = ConfigureResponse.newBuilder().setEvents(subscribed.bits());
        stub.plugin().failurePolicy().ifPresent(response::setFailurePolicy);
        return response.build();
    }

    /** Refuses a Synchronize over the limits: the runtime drops the plugin, which says why once. */
    private void admitSync(ByteString part) {
        try {
            sync.admit(part);
        } catch (SyncLimitException e) {
            log.error("refusing the runtime's Synchronize: {}", e.reason());
            stub.syncRefused(e.reason());
            throw e;
        }
    }

    private CompletionStage<SynchronizeResponse> synchronize(SynchronizeRequest request, RequestContext context,
            HandlerInvoker.Call call) {
        if (request.getMore()) {
            sync.add(request);
            return done(SynchronizeResponse.newBuilder().setMore(true).build());
        }
        SyncCollector.Joined joined = sync.complete(request);
        SynchronizeRequest all = joined.request();
        stub.synchronizing();
        // Synchronized, the plugin gets requests at once: it answers warm, or at least not later
        // than a quarter of this request's time.
        Warmup.await(Optional.ofNullable(context.timeRemaining()).orElse(Duration.ZERO).dividedBy(4));
        return invoker.budgeted(h.synchronize(), all, context, joined.pods() + " pods", call, null)
                .thenApply(updates -> {
                    stub.synchronizedWith(joined.pods(), joined.containers());
                    return SynchronizeResponse.newBuilder().addAllUpdate(orEmpty(updates)).build();
                });
    }

    private MessageLite shutdown(ShutdownRequest request, RequestContext context) {
        try {
            invoker.now(asRequestHandler(h.shutdown()), request, context, "the plugin");
        } catch (TtrpcException e) {
            // Already logged; the runtime is going away whatever the handler thinks.
        }
        stub.shutdownRequested(request.getReason());
        return Empty.getDefaultInstance();
    }

    // --- events ----------------------------------------------------------------------------------

    private CompletionStage<MessageLite> stateChange(StateChangeEvent event, RequestContext context,
            HandlerInvoker.Call call) {
        RequestContext ctx = new RequestContext(context.method(), event.getEvent(), context.runtime(), stub,
                context.timeoutNanos(), context.startNanos());
        if (drain.refuses(ctx.event())) {
            return done(Empty.getDefaultInstance());
        }
        PodSandbox pod = event.getPod();
        Container ctr = event.getContainer();
        CompletionStage<?> handled = switch (event.getEvent()) {
            case RUN_POD_SANDBOX -> notify(h.runPodSandbox(), RunPodSandboxRequest.newBuilder().setPod(pod).build(), ctx, call);
            case POST_UPDATE_POD_SANDBOX -> notify(h.postUpdatePodSandbox(),
                    PostUpdatePodSandboxRequest.newBuilder().setPod(pod).build(), ctx, call);
            case STOP_POD_SANDBOX -> notify(h.stopPodSandbox(), StopPodSandboxRequest.newBuilder().setPod(pod).build(), ctx, call);
            case REMOVE_POD_SANDBOX -> notify(h.removePodSandbox(),
                    RemovePodSandboxRequest.newBuilder().setPod(pod).build(), ctx, call);
            case POST_CREATE_CONTAINER -> notify(h.postCreateContainer(),
                    PostCreateContainerRequest.newBuilder().setPod(pod).setContainer(ctr).build(), ctx, call);
            case START_CONTAINER -> notify(h.startContainer(),
                    StartContainerRequest.newBuilder().setPod(pod).setContainer(ctr).build(), ctx, call);
            case POST_START_CONTAINER -> notify(h.postStartContainer(),
                    PostStartContainerRequest.newBuilder().setPod(pod).setContainer(ctr).build(), ctx, call);
            case POST_UPDATE_CONTAINER -> notify(h.postUpdateContainer(),
                    PostUpdateContainerRequest.newBuilder().setPod(pod).setContainer(ctr).build(), ctx, call);
            case REMOVE_CONTAINER -> notify(h.removeContainer(),
                    RemoveContainerRequest.newBuilder().setPod(pod).setContainer(ctr).build(), ctx, call);
            default -> {
                log.debug("ignoring StateChange for {}: runtimes send it as a call of its own", event.getEvent());
                yield done(null);
            }
        };
        return handled.thenApply(ignored -> Empty.getDefaultInstance());
    }

    private CompletionStage<ValidateContainerAdjustmentResponse> validate(ValidateContainerAdjustmentRequest request,
            RequestContext context, HandlerInvoker.Call call) {
        ValidationResult undecided = ValidationResult.reject("validator " + stub.identity().fullName()
                + " did not decide within its time budget");
        return invoker.budgeted(h.validate(), request, context, subject(request), call, undecided)
                .handle((result, error) -> {
                    if (error != null) {
                        // As upstream: a failing validator rejects, it does not error.
                        Throwable cause = unwrap(error);
                        result = ValidationResult.reject(cause instanceof TtrpcException t
                                ? t.status().message() : String.valueOf(cause.getMessage()));
                    }
                    ValidationResult verdict = result == null ? ValidationResult.accept() : result;
                    return ValidateContainerAdjustmentResponse.newBuilder()
                            .setReject(verdict.rejected()).setReason(verdict.reason()).build();
                });
    }

    private static MessageLite createContainerResponse(CreateContainerRequest request, CreateContainerResult result,
            RequestContext ctx) {
        if (result == null) {
            return CreateContainerResponse.getDefaultInstance();
        }
        try {
            KnownRuntimeBugs.checkAdjustment(ctx.runtime(), result.adjustment());
        } catch (TtrpcException e) {
            log.error("CreateContainer for {}: {}", subject(request), e.status().message());
            throw e;
        }
        CreateContainerResponse.Builder response = CreateContainerResponse.newBuilder()
                .addAllUpdate(result.updates()).addAllEvict(result.evictions());
        if (!result.adjustment().equals(result.adjustment().getDefaultInstanceForType())) {
            response.setAdjust(result.adjustment());
        }
        return response.build();
    }

    private static MessageLite updateContainerResponse(UpdateContainerResult result) {
        if (result == null) {
            return UpdateContainerResponse.getDefaultInstance();
        }
        return UpdateContainerResponse.newBuilder().addAllUpdate(result.updates())
                .addAllEvict(result.evictions()).build();
    }

    // --- plumbing --------------------------------------------------------------------------------

    private <Q extends Message> MethodHandler notification(Parser<Q> parser, Event event,
            EventHandler<Q> handler, MessageLite response) {
        return method(parser, event, (req, ctx, call) -> notify(handler, req, ctx, call).thenApply(ignored -> response));
    }

    private <Q extends Message> CompletionStage<Void> notify(EventHandler<Q> handler, Q request, RequestContext ctx,
            HandlerInvoker.Call call) {
        return invoker.budgeted(asRequestHandler(handler), request, ctx, subject(request), call, null);
    }

    private static <Q> RequestHandler<Q, Void> asRequestHandler(EventHandler<Q> handler) {
        return handler == null ? null : (q, c) -> {
            handler.handle(q, c);
            return null;
        };
    }

    private <Q extends Message> MethodHandler method(Parser<Q> parser, Event event, Body<Q> body) {
        return method(parser::parseFrom, event, payload -> { }, body);
    }

    /**
     * Admits the bytes, parses, runs the body, answers; draining and observing happen here for
     * every method.
     */
    private <Q extends Message> MethodHandler method(Decoder<Q> decoder, Event event, Consumer<ByteString> admit,
            Body<Q> body) {
        return (serverCall, payload) -> {
            admit.accept(payload);
            Q request = parse(decoder, payload, serverCall.method());
            RequestContext context = new RequestContext(serverCall.method(), event, stub.runtimeOrNull(), stub,
                    serverCall.timeoutNanos(), serverCall.startNanos());
            if (drain.refuses(event)) {
                return CompletableFuture.completedFuture(Drain.ABSENT);
            }
            Turn turn = stub.turn(() -> RoundKey.of(event, request));
            if (!turn.handles()) {
                // Another instance of this plugin handles this request: answer as if absent.
                observe(context, null, true, null, null);
                return CompletableFuture.completedFuture(Drain.ABSENT);
            }
            HandlerInvoker.Call call = new HandlerInvoker.Call();
            CompletionStage<? extends MessageLite> answer;
            try {
                answer = body.apply(request, context, call);
            } catch (Exception e) {
                answer = CompletableFuture.failedFuture(e);
            }
            return answer.handle((response, error) -> {
                Throwable cause = unwrap(error);
                observe(context, call, false, response, cause);
                // Before the bytes go out: an instance asked after this one must see it answered.
                turn.answering();
                if (cause != null) {
                    throw cause instanceof RuntimeException r ? r : new TtrpcException(
                            TtrpcStatus.of(StatusCode.UNKNOWN, String.valueOf(cause.getMessage())), cause);
                }
                return response.toByteString();
            });
        };
    }

    private void observe(RequestContext ctx, HandlerInvoker.Call call, boolean yielded, MessageLite response,
            Throwable error) {
        if (observer == null) {
            return;
        }
        try {
            observer.completed(new RequestOutcome(ctx.method(), ctx.event(),
                    Duration.ofNanos(System.nanoTime() - ctx.startNanos()), call != null && call.overrun.get(), yielded,
                    Optional.ofNullable(response), Optional.ofNullable(error)));
        } catch (RuntimeException e) {
            log.warn("request observer failed", e);
        }
    }

    /** The failure itself, not the wrapper a dependent stage sees it in. */
    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }

    private TtrpcException refuse(String message) {
        log.error("refusing the runtime's Configure: {}", message);
        stub.configureRefused();
        return new TtrpcException(TtrpcStatus.of(StatusCode.FAILED_PRECONDITION, message));
    }

    private static <Q> Q parse(Decoder<Q> decoder, ByteString payload, String method) {
        try {
            return decoder.decode(payload);
        } catch (InvalidProtocolBufferException e) {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.INTERNAL,
                    "cannot decode the " + method + " request: " + e.getMessage()));
        }
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /**
     * Names the pod or container a request is about, for log lines: described only when a line is
     * written, as most requests write none (the description reads fields by reflection).
     */
    static Object subject(Message request) {
        return new Subject(request);
    }

    private record Subject(Message request) {
        @Override
        public String toString() {
            return describe(request);
        }
    }

    private static String describe(Message request) {
        var fields = request.getDescriptorForType();
        var container = fields.findFieldByName("container");
        if (container != null && request.hasField(container)) {
            Container c = (Container) request.getField(container);
            return "container " + WireText.escape(c.getName()) + " (" + WireText.escape(c.getId()) + ")";
        }
        var pod = fields.findFieldByName("pod");
        if (pod != null && request.hasField(pod)) {
            PodSandbox p = (PodSandbox) request.getField(pod);
            return "pod " + WireText.escape(p.getNamespace()) + "/" + WireText.escape(p.getName()) + " ("
                    + WireText.escape(p.getId()) + ")";
        }
        return request.getDescriptorForType().getName();
    }
}
