package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.ConfigureRequest;
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
import io.nri4j.spring.annotation.OnConfigure;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnPostCreateContainer;
import io.nri4j.spring.annotation.OnPostStartContainer;
import io.nri4j.spring.annotation.OnPostUpdateContainer;
import io.nri4j.spring.annotation.OnPostUpdatePodSandbox;
import io.nri4j.spring.annotation.OnRemoveContainer;
import io.nri4j.spring.annotation.OnRemovePodSandbox;
import io.nri4j.spring.annotation.OnRunPodSandbox;
import io.nri4j.spring.annotation.OnShutdown;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.spring.annotation.OnStopContainer;
import io.nri4j.spring.annotation.OnStopPodSandbox;
import io.nri4j.spring.annotation.OnSynchronize;
import io.nri4j.spring.annotation.OnUpdateContainer;
import io.nri4j.spring.annotation.OnUpdatePodSandbox;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import java.lang.annotation.Annotation;

/** The requests a handler method can serve, with what it may take and return for each. */
public enum NriRequest {
    CONFIGURE(OnConfigure.class, ConfigureRequest.class, Event.UNKNOWN, Result.MASK),
    SYNCHRONIZE(OnSynchronize.class, SynchronizeRequest.class, Event.UNKNOWN, Result.UPDATES),
    SHUTDOWN(OnShutdown.class, ShutdownRequest.class, Event.UNKNOWN, Result.NONE),
    RUN_POD_SANDBOX(OnRunPodSandbox.class, RunPodSandboxRequest.class, Event.RUN_POD_SANDBOX, Result.NONE),
    UPDATE_POD_SANDBOX(OnUpdatePodSandbox.class, UpdatePodSandboxRequest.class, Event.UPDATE_POD_SANDBOX, Result.NONE),
    POST_UPDATE_POD_SANDBOX(OnPostUpdatePodSandbox.class, PostUpdatePodSandboxRequest.class,
            Event.POST_UPDATE_POD_SANDBOX, Result.NONE),
    STOP_POD_SANDBOX(OnStopPodSandbox.class, StopPodSandboxRequest.class, Event.STOP_POD_SANDBOX, Result.NONE),
    REMOVE_POD_SANDBOX(OnRemovePodSandbox.class, RemovePodSandboxRequest.class, Event.REMOVE_POD_SANDBOX, Result.NONE),
    CREATE_CONTAINER(OnCreateContainer.class, CreateContainerRequest.class, Event.CREATE_CONTAINER, Result.ADJUSTMENT),
    POST_CREATE_CONTAINER(OnPostCreateContainer.class, PostCreateContainerRequest.class,
            Event.POST_CREATE_CONTAINER, Result.NONE),
    START_CONTAINER(OnStartContainer.class, StartContainerRequest.class, Event.START_CONTAINER, Result.NONE),
    POST_START_CONTAINER(OnPostStartContainer.class, PostStartContainerRequest.class,
            Event.POST_START_CONTAINER, Result.NONE),
    UPDATE_CONTAINER(OnUpdateContainer.class, UpdateContainerRequest.class, Event.UPDATE_CONTAINER,
            Result.UPDATE_RESULT),
    POST_UPDATE_CONTAINER(OnPostUpdateContainer.class, PostUpdateContainerRequest.class,
            Event.POST_UPDATE_CONTAINER, Result.NONE),
    STOP_CONTAINER(OnStopContainer.class, StopContainerRequest.class, Event.STOP_CONTAINER, Result.UPDATES),
    REMOVE_CONTAINER(OnRemoveContainer.class, RemoveContainerRequest.class, Event.REMOVE_CONTAINER, Result.NONE),
    VALIDATE_CONTAINER_ADJUSTMENT(OnValidateContainerAdjustment.class, ValidateContainerAdjustmentRequest.class,
            Event.VALIDATE_CONTAINER_ADJUSTMENT, Result.VERDICT);

    /** What a request's handlers may return. */
    enum Result {
        /** Nothing: notifications. */
        NONE,
        /** A narrower subscription (Configure). */
        MASK,
        /** Updates to containers. */
        UPDATES,
        /** An adjustment of the new container, updates to others, evictions (CreateContainer). */
        ADJUSTMENT,
        /** Updates and evictions (UpdateContainer). */
        UPDATE_RESULT,
        /** Accept or reject (validation). */
        VERDICT
    }

    private final Class<? extends Annotation> annotation;
    private final Class<? extends Message> requestType;
    private final Event event;
    private final Result result;

    NriRequest(Class<? extends Annotation> annotation, Class<? extends Message> requestType, Event event,
            Result result) {
        this.annotation = annotation;
        this.requestType = requestType;
        this.event = event;
        this.result = result;
    }

    public Class<? extends Annotation> annotation() {
        return annotation;
    }

    public Class<? extends Message> requestType() {
        return requestType;
    }

    /** The lifecycle event, {@link Event#UNKNOWN} for Configure, Synchronize and Shutdown. */
    public Event event() {
        return event;
    }

    Result result() {
        return result;
    }

    /** {@code @OnCreateContainer}, for messages. */
    public String annotationName() {
        return "@" + annotation.getSimpleName();
    }
}
