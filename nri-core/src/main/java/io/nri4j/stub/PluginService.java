package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
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
import io.nri4j.api.v1alpha1.StopPodSandboxRequest;
import io.nri4j.api.v1alpha1.StopPodSandboxResponse;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.internal.instances.Turn;
import io.nri4j.internal.ttrpc.MethodHandler;
import io.nri4j.internal.ttrpc.ResponsePayload;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcService;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code nri.pkg.api.v1alpha1.Plugin} service: its method table, and what every method does
 * around its body (admit, parse, drain, share with other instances, observe, answer). Every
 * method the runtime may call is served, whether or not the plugin handles its event: an event
 * without a handler is answered with an empty success, and a handled event is never answered
 * Unimplemented (that code switches the runtime to StateChange for the rest of the connection).
 * While draining, lifecycle requests are answered empty without running handlers, as if the
 * plugin were gone. Methods run on handler threads.
 */
final class PluginService {

    static final String NAME = "nri.pkg.api.v1alpha1.Plugin";

    private static final Logger log = LoggerFactory.getLogger(PluginService.class);

    /** Reads a request's payload. */
    interface Decoder<Q> {
        Q decode(ByteString payload) throws InvalidProtocolBufferException;
    }

    private final Handlers h;
    private final NriStub stub;
    private final StubProgress progress;
    private final StubInstances instances;
    private final RequestObserver observer;
    private final Drain drain = new Drain();
    private final Handshake handshake;
    private final Events events;
    /** Enforcement's marker, appended to CreateContainer answers; empty without enforcement. */
    private final ByteString marker;

    PluginService(NriPlugin plugin, NriStub stub, StubProgress progress, StubInstances instances,
            HandlerInvoker invoker) {
        this.h = plugin.handlers();
        this.stub = stub;
        this.progress = progress;
        this.instances = instances;
        this.observer = plugin.observer();
        this.handshake = new Handshake(plugin, progress, instances, invoker);
        this.events = new Events(plugin, progress, drain, invoker);
        this.marker = plugin.enforcer() == null ? ByteString.EMPTY : plugin.enforcer().markerBytes();
    }

    Drain drain() {
        return drain;
    }

    /** Serialized bytes of a split Synchronize held until its last part. */
    long syncHeldBytes() {
        return handshake.syncHeldBytes();
    }

    TtrpcService service() {
        Map<String, MethodHandler> m = new HashMap<>();
        m.put("Configure", method(ConfigureRequest.parser(), Event.UNKNOWN,
                (req, ctx, call) -> done(handshake.configure(req, ctx))));
        m.put("Synchronize", method(handshake.syncDecoder(), Event.UNKNOWN, handshake::admitSync,
                handshake::synchronize));
        m.put("Shutdown", method(ShutdownRequest.parser(), Event.UNKNOWN,
                (req, ctx, call) -> done(handshake.shutdown(req, ctx))));
        m.put("RunPodSandbox", method(RunPodSandboxRequest.parser(), Event.RUN_POD_SANDBOX,
                events.notification(h.runPodSandbox(), RunPodSandboxResponse.getDefaultInstance())));
        m.put("UpdatePodSandbox", method(UpdatePodSandboxRequest.parser(), Event.UPDATE_POD_SANDBOX,
                events.notification(h.updatePodSandbox(), UpdatePodSandboxResponse.getDefaultInstance())));
        m.put("PostUpdatePodSandbox", method(PostUpdatePodSandboxRequest.parser(), Event.POST_UPDATE_POD_SANDBOX,
                events.notification(h.postUpdatePodSandbox(), PostUpdatePodSandboxResponse.getDefaultInstance())));
        m.put("StopPodSandbox", method(StopPodSandboxRequest.parser(), Event.STOP_POD_SANDBOX,
                events.notification(h.stopPodSandbox(), StopPodSandboxResponse.getDefaultInstance())));
        m.put("RemovePodSandbox", method(RemovePodSandboxRequest.parser(), Event.REMOVE_POD_SANDBOX,
                events.notification(h.removePodSandbox(), RemovePodSandboxResponse.getDefaultInstance())));
        m.put("CreateContainer", method(CreateContainerRequest.parser(), Event.CREATE_CONTAINER,
                events.createContainer()));
        m.put("PostCreateContainer", method(PostCreateContainerRequest.parser(), Event.POST_CREATE_CONTAINER,
                events.notification(h.postCreateContainer(), PostCreateContainerResponse.getDefaultInstance())));
        m.put("StartContainer", method(StartContainerRequest.parser(), Event.START_CONTAINER,
                events.notification(h.startContainer(), StartContainerResponse.getDefaultInstance())));
        m.put("PostStartContainer", method(PostStartContainerRequest.parser(), Event.POST_START_CONTAINER,
                events.notification(h.postStartContainer(), PostStartContainerResponse.getDefaultInstance())));
        m.put("UpdateContainer", method(UpdateContainerRequest.parser(), Event.UPDATE_CONTAINER,
                events.updateContainer()));
        m.put("PostUpdateContainer", method(PostUpdateContainerRequest.parser(), Event.POST_UPDATE_CONTAINER,
                events.notification(h.postUpdateContainer(), PostUpdateContainerResponse.getDefaultInstance())));
        m.put("StopContainer", method(StopContainerRequest.parser(), Event.STOP_CONTAINER, events.stopContainer()));
        m.put("RemoveContainer", method(RemoveContainerRequest.parser(), Event.REMOVE_CONTAINER,
                events.notification(h.removeContainer(), RemoveContainerResponse.getDefaultInstance())));
        m.put("StateChange", method(StateChangeEvent.parser(), Event.UNKNOWN, events::stateChange));
        m.put("ValidateContainerAdjustment", method(ValidateContainerAdjustmentRequest.parser(),
                Event.VALIDATE_CONTAINER_ADJUSTMENT, events::validate));
        return new TtrpcService(NAME, m);
    }

    private <Q extends Message> MethodHandler method(Parser<Q> parser, Event event, MethodBody<Q> body) {
        return method(parser::parseFrom, event, payload -> { }, body);
    }

    /**
     * Admits the bytes, parses, runs the body, answers; draining and observing happen here for
     * every method.
     */
    private <Q extends Message> MethodHandler method(Decoder<Q> decoder, Event event, Consumer<ByteString> admit,
            MethodBody<Q> body) {
        return (serverCall, payload) -> {
            admit.accept(payload);
            Q request = parse(decoder, payload, serverCall.method());
            RequestContext context = new RequestContext(serverCall.method(), event, progress.runtime(), stub,
                    serverCall.timeoutNanos(), serverCall.startNanos(), serverCall.metadata());
            if (drain.refuses(event)) {
                return CompletableFuture.completedFuture(Drain.ABSENT);
            }
            RequestObserver observing = started(context, request);
            Turn turn = instances.turn(() -> RoundKey.of(event, request));
            if (!turn.handles()) {
                // Another instance of this plugin handles this request: answer as if absent.
                observe(observing, context, request, null, true, null, null);
                return CompletableFuture.completedFuture(Drain.ABSENT);
            }
            HandlerInvoker.Call call = new HandlerInvoker.Call(observing);
            CompletionStage<? extends MessageLite> answer;
            try {
                answer = body.apply(request, context, call);
            } catch (Exception e) {
                answer = CompletableFuture.failedFuture(e);
            }
            return answer.handle((response, error) -> {
                Throwable cause = error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                observe(observing, context, request, call, false, response, cause);
                // Before the bytes go out: an instance asked after this one must see it answered.
                turn.answering();
                if (cause != null) {
                    throw cause instanceof RuntimeException r ? r : new TtrpcException(
                            TtrpcStatus.of(StatusCode.UNKNOWN, String.valueOf(cause.getMessage())), cause);
                }
                // The marker as bytes of its own: a second adjust field, which the runtime's
                // protobuf merges into the first; the handler's answer is never copied for it.
                return ResponsePayload.of(response, call.marked ? marker : ByteString.EMPTY);
            });
        };
    }

    private RequestObserver started(RequestContext context, Message request) {
        if (observer == null) {
            return null;
        }
        try {
            RequestObserver observing = observer.started(context, request);
            return observing == null ? observer : observing;
        } catch (RuntimeException e) {
            log.warn("request observer failed", e);
            return observer;
        }
    }

    private static void observe(RequestObserver observing, RequestContext ctx, Message request,
            HandlerInvoker.Call call, boolean yielded, MessageLite response, Throwable error) {
        if (observing == null) {
            return;
        }
        try {
            observing.completed(new RequestOutcome(ctx.method(), ctx.event(),
                    Duration.ofNanos(System.nanoTime() - ctx.startNanos()), call != null && call.overrun.get(), yielded,
                    Optional.ofNullable(response), Optional.ofNullable(error), request));
        } catch (RuntimeException e) {
            log.warn("request observer failed", e);
        }
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }

    private static <Q> Q parse(Decoder<Q> decoder, ByteString payload, String method) {
        try {
            return decoder.decode(payload);
        } catch (InvalidProtocolBufferException e) {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.INTERNAL,
                    "cannot decode the " + method + " request: " + e.getMessage()));
        }
    }
}
