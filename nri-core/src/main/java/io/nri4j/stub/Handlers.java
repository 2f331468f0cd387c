package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PostCreateContainerRequest;
import io.nri4j.api.v1alpha1.PostStartContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdateContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.RemoveContainerRequest;
import io.nri4j.api.v1alpha1.RemovePodSandboxRequest;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.StartContainerRequest;
import io.nri4j.api.v1alpha1.StopContainerRequest;
import io.nri4j.api.v1alpha1.StopPodSandboxRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The handlers of one plugin, as registered on its builder; null where there is none. */
record Handlers(
        RequestHandler<ConfigureRequest, EventMask> configure,
        RequestHandler<SynchronizeRequest, List<ContainerUpdate>> synchronize,
        EventHandler<ShutdownRequest> shutdown,
        EventHandler<RunPodSandboxRequest> runPodSandbox,
        EventHandler<UpdatePodSandboxRequest> updatePodSandbox,
        EventHandler<PostUpdatePodSandboxRequest> postUpdatePodSandbox,
        EventHandler<StopPodSandboxRequest> stopPodSandbox,
        EventHandler<RemovePodSandboxRequest> removePodSandbox,
        RequestHandler<CreateContainerRequest, CreateContainerResult> createContainer,
        EventHandler<PostCreateContainerRequest> postCreateContainer,
        EventHandler<StartContainerRequest> startContainer,
        EventHandler<PostStartContainerRequest> postStartContainer,
        RequestHandler<UpdateContainerRequest, UpdateContainerResult> updateContainer,
        EventHandler<PostUpdateContainerRequest> postUpdateContainer,
        RequestHandler<StopContainerRequest, List<ContainerUpdate>> stopContainer,
        EventHandler<RemoveContainerRequest> removeContainer,
        RequestHandler<ValidateContainerAdjustmentRequest, ValidationResult> validate) {

    /** The events with a handler: the default subscription. */
    EventMask events() {
        Set<Event> events = EnumSet.noneOf(Event.class);
        add(events, runPodSandbox, Event.RUN_POD_SANDBOX);
        add(events, updatePodSandbox, Event.UPDATE_POD_SANDBOX);
        add(events, postUpdatePodSandbox, Event.POST_UPDATE_POD_SANDBOX);
        add(events, stopPodSandbox, Event.STOP_POD_SANDBOX);
        add(events, removePodSandbox, Event.REMOVE_POD_SANDBOX);
        add(events, createContainer, Event.CREATE_CONTAINER);
        add(events, postCreateContainer, Event.POST_CREATE_CONTAINER);
        add(events, startContainer, Event.START_CONTAINER);
        add(events, postStartContainer, Event.POST_START_CONTAINER);
        add(events, updateContainer, Event.UPDATE_CONTAINER);
        add(events, postUpdateContainer, Event.POST_UPDATE_CONTAINER);
        add(events, stopContainer, Event.STOP_CONTAINER);
        add(events, removeContainer, Event.REMOVE_CONTAINER);
        add(events, validate, Event.VALIDATE_CONTAINER_ADJUSTMENT);
        return EventMask.of(events);
    }

    private static void add(Set<Event> events, Object handler, Event event) {
        if (handler != null) {
            events.add(event);
        }
    }
}
