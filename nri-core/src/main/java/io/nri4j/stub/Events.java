package io.nri4j.stub;

import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.PostCreateContainerRequest;
import io.nri4j.api.v1alpha1.PostStartContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdateContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.RemoveContainerRequest;
import io.nri4j.api.v1alpha1.RemovePodSandboxRequest;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.StartContainerRequest;
import io.nri4j.api.v1alpha1.StateChangeEvent;
import io.nri4j.api.v1alpha1.StopContainerRequest;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.StopPodSandboxRequest;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import io.nri4j.internal.ttrpc.TtrpcException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bodies of the lifecycle-event methods: each runs its handler within the budget and turns
 * the result into the runtime's response; StateChange, the single call older runtimes send for
 * most events, reaches the same handlers. Runs on handler threads.
 */
final class Events {

    // The service's logger: these lines are about the runtime's requests.
    private static final Logger log = LoggerFactory.getLogger(PluginService.class);

    private final Handlers h;
    private final Drain drain;
    private final HandlerInvoker invoker;
    private final Enforcer enforcer;
    private final IgnoredAdjustmentFields ignoredFields;
    private final Executor executor;
    private final StubProgress progress;

    Events(NriPlugin plugin, StubProgress progress, Drain drain, HandlerInvoker invoker) {
        this.h = plugin.handlers();
        this.drain = drain;
        this.invoker = invoker;
        this.enforcer = plugin.enforcer();
        this.ignoredFields = plugin.ignoredFields();
        this.executor = plugin.executor();
        this.progress = progress;
    }

    /** A notification: the handler runs, and the answer is always {@code response}. */
    <Q extends Message> MethodBody<Q> notification(EventHandler<Q> handler, MessageLite response) {
        return (request, ctx, call) -> notify(handler, request, ctx, call).thenApply(ignored -> response);
    }

    MethodBody<CreateContainerRequest> createContainer() {
        return (request, ctx, call) -> invoker.budgeted(h.createContainer(), request, ctx, subject(request), call, null)
                .thenApply(result -> createContainerResponse(request, marked(request, result, call), ctx));
    }

    MethodBody<UpdateContainerRequest> updateContainer() {
        return (request, ctx, call) -> {
            seen(request.getPod(), request.getContainer(), ctx);
            return invoker.budgeted(h.updateContainer(), request, ctx, subject(request), call, null)
                    .thenApply(Events::updateContainerResponse);
        };
    }

    MethodBody<StopContainerRequest> stopContainer() {
        return (request, ctx, call) -> invoker.budgeted(h.stopContainer(), request, ctx, subject(request), call, null)
                .thenApply(updates -> StopContainerResponse.newBuilder()
                        .addAllUpdate(updates == null ? List.of() : updates).build());
    }

    CompletionStage<MessageLite> stateChange(StateChangeEvent event, RequestContext context, HandlerInvoker.Call call) {
        RequestContext ctx = new RequestContext(context.method(), event.getEvent(), context.runtime(), context.stub(),
                context.timeoutNanos(), context.startNanos(), context.metadata());
        if (drain.refuses(ctx.event())) {
            return CompletableFuture.completedFuture(Empty.getDefaultInstance());
        }
        PodSandbox pod = event.getPod();
        Container ctr = event.getContainer();
        CompletionStage<?> handled = switch (event.getEvent()) {
            case RUN_POD_SANDBOX -> notify(h.runPodSandbox(), RunPodSandboxRequest.newBuilder().setPod(pod).build(),
                    ctx, call);
            case POST_UPDATE_POD_SANDBOX -> notify(h.postUpdatePodSandbox(),
                    PostUpdatePodSandboxRequest.newBuilder().setPod(pod).build(), ctx, call);
            case STOP_POD_SANDBOX -> notify(h.stopPodSandbox(), StopPodSandboxRequest.newBuilder().setPod(pod).build(),
                    ctx, call);
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
                yield CompletableFuture.completedFuture(null);
            }
        };
        return handled.thenApply(ignored -> Empty.getDefaultInstance());
    }

    CompletionStage<ValidateContainerAdjustmentResponse> validate(ValidateContainerAdjustmentRequest request,
            RequestContext context, HandlerInvoker.Call call) {
        ValidationResult undecided = ValidationResult.reject("validator " + context.stub().identity().fullName()
                + " did not decide within its time budget");
        return invoker.budgeted(h.validate(), request, context, subject(request), call, undecided)
                .handle((result, error) -> {
                    if (error != null) {
                        // As upstream: a failing validator rejects, it does not error.
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        result = ValidationResult.reject(cause instanceof TtrpcException t
                                ? t.status().message() : String.valueOf(cause.getMessage()));
                    }
                    ValidationResult verdict = result == null ? ValidationResult.accept() : result;
                    if (error == null && verdict.rejected() && !call.overrun.get()) {
                        // A failure or an overrun said so already.
                        log.info("ValidateContainerAdjustment handler rejected {}: {}", subject(request),
                                verdict.reason());
                    }
                    return ValidateContainerAdjustmentResponse.newBuilder()
                            .setReject(verdict.rejected()).setReason(verdict.reason()).build();
                });
    }

    static <Q> RequestHandler<Q, Void> asRequestHandler(EventHandler<Q> handler) {
        return handler == null ? null : (q, c) -> {
            handler.handle(q, c);
            return null;
        };
    }

    private <Q extends Message> CompletionStage<Void> notify(EventHandler<Q> handler, Q request, RequestContext ctx,
            HandlerInvoker.Call call) {
        if (enforcer != null) {
            if (request instanceof PostStartContainerRequest r) {
                seen(r.getPod(), r.getContainer(), ctx);
            } else if (request instanceof StartContainerRequest r) {
                seen(r.getPod(), r.getContainer(), ctx);
            } else if (request instanceof PostCreateContainerRequest r) {
                seen(r.getPod(), r.getContainer(), ctx);
            } else if (request instanceof PostUpdateContainerRequest r) {
                seen(r.getPod(), r.getContainer(), ctx);
            }
        }
        return invoker.budgeted(asRequestHandler(handler), request, ctx, subject(request), call, null);
    }

    /**
     * Whether the answer gets the enforcement marker: when the handler decided in time (null: it
     * had nothing to change); a late answer leaves the container unmarked, an escape.
     */
    private CreateContainerResult marked(CreateContainerRequest request, CreateContainerResult result,
            HandlerInvoker.Call call) {
        if (enforcer == null) {
            return result;
        }
        if (call.overrun.get()) {
            enforcer.late(request.getPod(), request.getContainer());
        } else {
            call.marked = true;
        }
        return result;
    }

    /** A container event: one that escaped is reported, and caught up once this request is answered. */
    private void seen(PodSandbox pod, Container container, RequestContext ctx) {
        if (enforcer == null) {
            return;
        }
        Optional<EscapedContainer> escaped = enforcer.seen(pod, container);
        if (escaped.isPresent()) {
            executor.execute(() -> enforcer.catchUp(List.of(escaped.get()), ctx.stub(), progress::publish));
        }
    }

    private MessageLite createContainerResponse(CreateContainerRequest request, CreateContainerResult result,
            RequestContext ctx) {
        if (result == null) {
            return CreateContainerResponse.getDefaultInstance();
        }
        boolean adjusted = !result.adjustment().equals(result.adjustment().getDefaultInstanceForType());
        if (adjusted) {
            try {
                KnownRuntimeBugs.checkAdjustment(ctx.runtime(), result.adjustment());
                ignoredFields.check(request, result.adjustment(), ctx.runtime(), progress);
            } catch (TtrpcException e) {
                log.error("CreateContainer for {}: {}", subject(request), e.status().message());
                throw e;
            }
        }
        if (!adjusted && result.updates().isEmpty() && result.evictions().isEmpty()) {
            return CreateContainerResponse.getDefaultInstance();
        }
        CreateContainerResponse.Builder response = CreateContainerResponse.newBuilder();
        // Each addAll copies into a list of its own, even an empty one.
        if (!result.updates().isEmpty()) {
            response.addAllUpdate(result.updates());
        }
        if (!result.evictions().isEmpty()) {
            response.addAllEvict(result.evictions());
        }
        if (adjusted) {
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

    private static Object subject(Message request) {
        return new RequestSubject(request);
    }
}
