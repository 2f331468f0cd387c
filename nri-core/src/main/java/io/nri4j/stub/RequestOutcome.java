package io.nri4j.stub;

import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * How one request from the runtime went, for metrics and logs.
 *
 * @param method the ttrpc method, e.g. {@code CreateContainer} or {@code StateChange}
 * @param event the lifecycle event, {@link Event#UNKNOWN} for Configure, Synchronize, Shutdown
 * @param elapsed from reading the request to having the answer
 * @param overrun whether the handler outlived its budget (the answer then follows the policy)
 * @param yielded whether another instance of the plugin handled the request, and this one
 *     answered as if absent without running its handler
 * @param response the answer, empty when the request failed
 * @param error why it failed
 * @param message the request as read, for {@link #pod()} and {@link #container()}; null when not known
 */
public record RequestOutcome(String method, Event event, Duration elapsed, boolean overrun, boolean yielded,
        Optional<MessageLite> response, Optional<Throwable> error, Message message) {

    /** An outcome whose request is not known: no pod, no container. */
    public RequestOutcome(String method, Event event, Duration elapsed, boolean overrun, boolean yielded,
            Optional<MessageLite> response, Optional<Throwable> error) {
        this(method, event, elapsed, overrun, yielded, response, error, null);
    }

    /**
     * The pod the request is about; the default (empty) instance when it names none. Read from
     * the request without copying: keeping it keeps the request's pod, not the whole request.
     */
    public PodSandbox pod() {
        return RequestSubject.pod(message);
    }

    /** The container the request is about; the default (empty) instance when it names none. */
    public Container container() {
        return RequestSubject.container(message);
    }

    /** The request name: the event's for lifecycle events, the method's otherwise. */
    public String request() {
        return RequestContext.requestName(method, event);
    }

    /** Whether the request was answered with an error. */
    public boolean failed() {
        return error.isPresent();
    }

    /** Whether the answer changes the container being created. */
    public boolean adjusted() {
        // The handler's answer: enforcement's marker goes out as bytes of its own.
        return response.orElse(null) instanceof CreateContainerResponse c && c.hasAdjust();
    }

    /** Whether the answer is a validator's rejection: an answer, not a failure, but no success either. */
    public boolean rejected() {
        return response.orElse(null) instanceof ValidateContainerAdjustmentResponse v && v.getReject();
    }

    /** How many container updates the answer carries. */
    public int updates() {
        MessageLite r = response.orElse(null);
        if (r instanceof CreateContainerResponse c) {
            return c.getUpdateCount();
        } else if (r instanceof UpdateContainerResponse u) {
            return u.getUpdateCount();
        } else if (r instanceof StopContainerResponse s) {
            return s.getUpdateCount();
        } else if (r instanceof SynchronizeResponse s) {
            return s.getUpdateCount();
        }
        return 0;
    }
}
