package io.nri4j.stub;

import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PostCreateContainerResponse;
import io.nri4j.api.v1alpha1.PostStartContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdateContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.RemoveContainerResponse;
import io.nri4j.api.v1alpha1.RemovePodSandboxResponse;
import io.nri4j.api.v1alpha1.RunPodSandboxResponse;
import io.nri4j.api.v1alpha1.StartContainerResponse;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.StopPodSandboxResponse;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import java.util.EnumMap;
import java.util.Map;

/**
 * Graceful stop: once draining, lifecycle requests get the answer an absent plugin gives (no
 * changes, validation passed) without running handlers. The stub closes the connection once the
 * requests already running have been answered.
 */
final class Drain {

    private static final Map<Event, MessageLite> ABSENT = new EnumMap<>(Event.class);

    static {
        ABSENT.put(Event.RUN_POD_SANDBOX, RunPodSandboxResponse.getDefaultInstance());
        ABSENT.put(Event.UPDATE_POD_SANDBOX, UpdatePodSandboxResponse.getDefaultInstance());
        ABSENT.put(Event.POST_UPDATE_POD_SANDBOX, PostUpdatePodSandboxResponse.getDefaultInstance());
        ABSENT.put(Event.STOP_POD_SANDBOX, StopPodSandboxResponse.getDefaultInstance());
        ABSENT.put(Event.REMOVE_POD_SANDBOX, RemovePodSandboxResponse.getDefaultInstance());
        ABSENT.put(Event.CREATE_CONTAINER, CreateContainerResponse.getDefaultInstance());
        ABSENT.put(Event.POST_CREATE_CONTAINER, PostCreateContainerResponse.getDefaultInstance());
        ABSENT.put(Event.START_CONTAINER, StartContainerResponse.getDefaultInstance());
        ABSENT.put(Event.POST_START_CONTAINER, PostStartContainerResponse.getDefaultInstance());
        ABSENT.put(Event.UPDATE_CONTAINER, UpdateContainerResponse.getDefaultInstance());
        ABSENT.put(Event.POST_UPDATE_CONTAINER, PostUpdateContainerResponse.getDefaultInstance());
        ABSENT.put(Event.STOP_CONTAINER, StopContainerResponse.getDefaultInstance());
        ABSENT.put(Event.REMOVE_CONTAINER, RemoveContainerResponse.getDefaultInstance());
        ABSENT.put(Event.VALIDATE_CONTAINER_ADJUSTMENT, ValidateContainerAdjustmentResponse.getDefaultInstance());
    }

    private volatile boolean draining;

    /** Whether a request for this event is answered without its handler. */
    boolean refuses(Event event) {
        return draining && event != Event.UNKNOWN;
    }

    /** The answer of an absent plugin; StateChange's is Empty. */
    static MessageLite absent(Event event) {
        return ABSENT.getOrDefault(event, Empty.getDefaultInstance());
    }

    /** From now on, lifecycle requests get the answer of an absent plugin. */
    void start() {
        draining = true;
    }
}
