package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
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
import java.util.List;

/**
 * The {@code on...} half of {@link NriPlugin.Builder}: one handler per request the runtime
 * sends, each optional; the events with a handler are the plugin's default subscription.
 *
 * @param <B> the builder, returned by every method for chaining
 */
abstract class HandlerRegistration<B extends HandlerRegistration<B>> {

    private RequestHandler<ConfigureRequest, EventMask> configure;
    private RequestHandler<SynchronizeRequest, List<ContainerUpdate>> synchronize;
    private EventHandler<ShutdownRequest> shutdown;
    private EventHandler<RunPodSandboxRequest> runPodSandbox;
    private EventHandler<UpdatePodSandboxRequest> updatePodSandbox;
    private EventHandler<PostUpdatePodSandboxRequest> postUpdatePodSandbox;
    private EventHandler<StopPodSandboxRequest> stopPodSandbox;
    private EventHandler<RemovePodSandboxRequest> removePodSandbox;
    private RequestHandler<CreateContainerRequest, CreateContainerResult> createContainer;
    private EventHandler<PostCreateContainerRequest> postCreateContainer;
    private EventHandler<StartContainerRequest> startContainer;
    private EventHandler<PostStartContainerRequest> postStartContainer;
    private RequestHandler<UpdateContainerRequest, UpdateContainerResult> updateContainer;
    private EventHandler<PostUpdateContainerRequest> postUpdateContainer;
    private RequestHandler<StopContainerRequest, List<ContainerUpdate>> stopContainer;
    private EventHandler<RemoveContainerRequest> removeContainer;
    private RequestHandler<ValidateContainerAdjustmentRequest, ValidationResult> validate;
    private EscapeHandler escaped;

    /** This builder, for chaining. */
    abstract B self();

    /** Sees the runtime's facts; may return a narrower subscription (null keeps the default). */
    public B onConfigure(RequestHandler<ConfigureRequest, EventMask> handler) {
        this.configure = handler;
        return self();
    }

    /** Gets all existing pods and containers at once, even when the runtime splits them. */
    public B onSynchronize(RequestHandler<SynchronizeRequest, List<ContainerUpdate>> handler) {
        this.synchronize = handler;
        return self();
    }

    /** Told that the runtime is shutting the plugin down, and why (on runtimes that say). */
    public B onShutdown(EventHandler<ShutdownRequest> handler) {
        this.shutdown = handler;
        return self();
    }

    /** Told that a pod is being started. */
    public B onRunPodSandbox(EventHandler<RunPodSandboxRequest> handler) {
        this.runPodSandbox = handler;
        return self();
    }

    /** Told that a pod's resources are being updated (NRI v0.10.0 and later). */
    public B onUpdatePodSandbox(EventHandler<UpdatePodSandboxRequest> handler) {
        this.updatePodSandbox = handler;
        return self();
    }

    /** Told that a pod's resources were updated (NRI v0.10.0 and later). */
    public B onPostUpdatePodSandbox(EventHandler<PostUpdatePodSandboxRequest> handler) {
        this.postUpdatePodSandbox = handler;
        return self();
    }

    /** Told that a pod is being stopped. */
    public B onStopPodSandbox(EventHandler<StopPodSandboxRequest> handler) {
        this.stopPodSandbox = handler;
        return self();
    }

    /** Told that a pod is being removed. */
    public B onRemovePodSandbox(EventHandler<RemovePodSandboxRequest> handler) {
        this.removePodSandbox = handler;
        return self();
    }

    /**
     * Adjusts a container being created, and may update others: the one request whose answer
     * can change the new container.
     */
    public B onCreateContainer(RequestHandler<CreateContainerRequest, CreateContainerResult> handler) {
        this.createContainer = handler;
        return self();
    }

    /** Told that a container was created. */
    public B onPostCreateContainer(EventHandler<PostCreateContainerRequest> handler) {
        this.postCreateContainer = handler;
        return self();
    }

    /** Told that a container is being started. */
    public B onStartContainer(EventHandler<StartContainerRequest> handler) {
        this.startContainer = handler;
        return self();
    }

    /** Told that a container was started. */
    public B onPostStartContainer(EventHandler<PostStartContainerRequest> handler) {
        this.postStartContainer = handler;
        return self();
    }

    /**
     * Sees a container's resources being updated; may replace the update and update other
     * containers.
     */
    public B onUpdateContainer(RequestHandler<UpdateContainerRequest, UpdateContainerResult> handler) {
        this.updateContainer = handler;
        return self();
    }

    /** Told that a container's resources were updated. */
    public B onPostUpdateContainer(EventHandler<PostUpdateContainerRequest> handler) {
        this.postUpdateContainer = handler;
        return self();
    }

    /** Told that a container is being stopped; may update other containers. */
    public B onStopContainer(RequestHandler<StopContainerRequest, List<ContainerUpdate>> handler) {
        this.stopContainer = handler;
        return self();
    }

    /** Told that a container is being removed. */
    public B onRemoveContainer(EventHandler<RemoveContainerRequest> handler) {
        this.removeContainer = handler;
        return self();
    }

    /** Makes the plugin a validator (runtimes with NRI v0.10.0 and later). */
    public B onValidateContainerAdjustment(
            RequestHandler<ValidateContainerAdjustmentRequest, ValidationResult> handler) {
        this.validate = handler;
        return self();
    }

    /**
     * Decides what to do with each container that escaped the plugin (see {@link Enforcement}):
     * leave it, update it, or stop it so that it is created again through the plugin. Runs
     * after the handshake, never inside a request of the runtime.
     */
    public B onEscapedContainer(EscapeHandler handler) {
        this.escaped = handler;
        return self();
    }

    EscapeHandler escapeHandler() {
        return escaped;
    }

    /**
     * Without a handler for a container event after creation, adds an empty PostStartContainer
     * one for enforcement to listen to; whether it did.
     */
    boolean listenAfterStart() {
        if (postCreateContainer != null || startContainer != null || postStartContainer != null) {
            return false;
        }
        postStartContainer = (request, context) -> { };
        return true;
    }

    /** The handlers registered so far. */
    Handlers handlers() {
        return new Handlers(configure, synchronize, shutdown, runPodSandbox, updatePodSandbox,
                postUpdatePodSandbox, stopPodSandbox, removePodSandbox, createContainer, postCreateContainer,
                startContainer, postStartContainer, updateContainer, postUpdateContainer, stopContainer,
                removeContainer, validate);
    }
}
