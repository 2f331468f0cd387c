package io.nri4j.spring.handler;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriPlugin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** The handler methods of the application, per request, in the order they run. */
public final class HandlerRegistry {

    private final Map<NriRequest, List<HandlerMethod>> methods = new EnumMap<>(NriRequest.class);
    private final List<EscapeMethod> escapes = new ArrayList<>();

    synchronized void add(HandlerMethod method) {
        List<HandlerMethod> list = methods.computeIfAbsent(method.request(), r -> new ArrayList<>());
        list.add(method);
        // Stable: methods of equal order keep the order the beans were found in.
        list.sort(Comparator.comparingInt(HandlerMethod::order));
    }

    synchronized void addEscape(EscapeMethod method) {
        escapes.add(method);
        escapes.sort(Comparator.comparingInt(EscapeMethod::order));
    }

    public synchronized List<HandlerMethod> methods(NriRequest request) {
        return List.copyOf(methods.getOrDefault(request, List.of()));
    }

    /** The lifecycle events that have handler methods. */
    public synchronized EventMask events() {
        Set<Event> events = EnumSet.noneOf(Event.class);
        methods.keySet().stream().map(NriRequest::event).filter(e -> e != Event.UNKNOWN).forEach(events::add);
        return EventMask.of(events);
    }

    /** Gives the stub one handler per request: the chain of its methods. */
    public synchronized void applyTo(NriPlugin.Builder b, NriConfigBinder config) {
        HandlerChain configure = chain(NriRequest.CONFIGURE);
        b.onConfigure((req, ctx) -> {
            config.bind(req.getConfig());
            return configure == null ? null : configure.mask(req, ctx);
        });
        with(NriRequest.SYNCHRONIZE, c -> b.onSynchronize(c::updates));
        with(NriRequest.SHUTDOWN, c -> b.onShutdown(c::notify));
        with(NriRequest.RUN_POD_SANDBOX, c -> b.onRunPodSandbox(c::notify));
        with(NriRequest.UPDATE_POD_SANDBOX, c -> b.onUpdatePodSandbox(c::notify));
        with(NriRequest.POST_UPDATE_POD_SANDBOX, c -> b.onPostUpdatePodSandbox(c::notify));
        with(NriRequest.STOP_POD_SANDBOX, c -> b.onStopPodSandbox(c::notify));
        with(NriRequest.REMOVE_POD_SANDBOX, c -> b.onRemovePodSandbox(c::notify));
        with(NriRequest.CREATE_CONTAINER, c -> b.onCreateContainer(c::createResult));
        with(NriRequest.POST_CREATE_CONTAINER, c -> b.onPostCreateContainer(c::notify));
        with(NriRequest.START_CONTAINER, c -> b.onStartContainer(c::notify));
        with(NriRequest.POST_START_CONTAINER, c -> b.onPostStartContainer(c::notify));
        with(NriRequest.UPDATE_CONTAINER, c -> b.onUpdateContainer(c::updateResult));
        with(NriRequest.POST_UPDATE_CONTAINER, c -> b.onPostUpdateContainer(c::notify));
        with(NriRequest.STOP_CONTAINER, c -> b.onStopContainer(c::updates));
        with(NriRequest.REMOVE_CONTAINER, c -> b.onRemoveContainer(c::notify));
        with(NriRequest.VALIDATE_CONTAINER_ADJUSTMENT, c -> b.onValidateContainerAdjustment(c::verdict));
        if (!escapes.isEmpty()) {
            List<EscapeMethod> chain = List.copyOf(escapes);
            b.onEscapedContainer(escaped -> EscapeMethod.chain(chain, escaped));
        }
    }

    private void with(NriRequest request, Consumer<HandlerChain> register) {
        HandlerChain chain = chain(request);
        if (chain != null) {
            register.accept(chain);
        }
    }

    private HandlerChain chain(NriRequest request) {
        List<HandlerMethod> list = methods.get(request);
        return list == null || list.isEmpty() ? null : new HandlerChain(request, list);
    }
}
