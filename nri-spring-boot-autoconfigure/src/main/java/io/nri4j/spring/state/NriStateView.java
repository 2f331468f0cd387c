package io.nri4j.spring.state;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnRemoveContainer;
import io.nri4j.spring.annotation.OnRemovePodSandbox;
import io.nri4j.spring.annotation.OnRunPodSandbox;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.spring.annotation.OnSynchronize;
import io.nri4j.spring.annotation.OnUpdatePodSandbox;
import io.nri4j.stub.RequestContext;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The pods and containers the runtime has told the plugin about: replaced by each Synchronize,
 * kept current by the lifecycle events. Its handlers run before the application's, so they see
 * a view that includes the request's own pod and container. A pod first seen in a container
 * event is added and announced with a {@link PodDiscoveredEvent} instead of staying absent.
 */
public class NriStateView {

    private static final Logger log = LoggerFactory.getLogger(NriStateView.class);

    private final ApplicationEventPublisher events;
    private final Map<String, PodSandbox> pods = new ConcurrentHashMap<>();
    private final Map<String, Container> containers = new ConcurrentHashMap<>();

    public NriStateView(ApplicationEventPublisher events) {
        this.events = events;
    }

    public Collection<PodSandbox> pods() {
        return List.copyOf(pods.values());
    }

    public Collection<Container> containers() {
        return List.copyOf(containers.values());
    }

    public Optional<PodSandbox> pod(String id) {
        return Optional.ofNullable(pods.get(id));
    }

    public Optional<Container> container(String id) {
        return Optional.ofNullable(containers.get(id));
    }

    public List<Container> containersOf(String podId) {
        return containers.values().stream().filter(c -> c.getPodSandboxId().equals(podId)).toList();
    }

    @OnSynchronize
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void synchronize(SynchronizeRequest request) {
        pods.clear();
        containers.clear();
        request.getPodsList().forEach(p -> pods.put(p.getId(), p));
        request.getContainersList().forEach(c -> containers.put(c.getId(), c));
    }

    @OnRunPodSandbox
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void podStarted(PodSandbox pod) {
        pods.put(pod.getId(), pod);
    }

    @OnUpdatePodSandbox
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void podUpdated(PodSandbox pod) {
        pods.put(pod.getId(), pod);
    }

    @OnRemovePodSandbox
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void podRemoved(PodSandbox pod) {
        pods.remove(pod.getId());
        containers.values().removeIf(c -> c.getPodSandboxId().equals(pod.getId()));
    }

    @OnCreateContainer
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void containerCreated(PodSandbox pod, Container container, RequestContext context) {
        seen(pod, context.request());
        containers.put(container.getId(), container);
    }

    @OnStartContainer
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void containerStarted(PodSandbox pod, Container container, RequestContext context) {
        seen(pod, context.request());
        containers.put(container.getId(), container);
    }

    @OnRemoveContainer
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void containerRemoved(Container container) {
        containers.remove(container.getId());
    }

    private void seen(PodSandbox pod, String event) {
        if (pods.putIfAbsent(pod.getId(), pod) == null) {
            log.warn("pod {}/{} ({}) first seen in {}: Synchronize did not list it", pod.getNamespace(), pod.getName(),
                    pod.getId(), event);
            events.publishEvent(new PodDiscoveredEvent(pod, event));
        }
    }
}
