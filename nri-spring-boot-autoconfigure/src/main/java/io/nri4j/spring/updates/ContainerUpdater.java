package io.nri4j.spring.updates;

import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.NriStub;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Asks the runtime to update running containers, from anywhere: a scheduled task, a web
 * request, or a handler. The call is queued and goes out once the plugin has answered every
 * request the runtime is waiting for, so it never deadlocks the runtime (which applies updates
 * under the lock it holds while it calls plugins). The future completes with the updates the
 * runtime could not apply; waiting for it inside a handler fails at once rather than hanging.
 */
public final class ContainerUpdater {

    private final ConnectionState state;
    private final List<UpdatesListener> listeners;

    public ContainerUpdater(ConnectionState state, List<UpdatesListener> listeners) {
        this.state = state;
        this.listeners = List.copyOf(listeners);
    }

    public CompletableFuture<List<ContainerUpdate>> updateContainers(List<ContainerUpdate> updates) {
        NriStub stub = state.stub().orElse(null);
        if (stub == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("the plugin is not connected to the runtime"));
        }
        listeners.forEach(l -> l.sent(updates.size()));
        return stub.updateContainers(updates);
    }

    public CompletableFuture<List<ContainerUpdate>> update(Update... updates) {
        return updateContainers(Arrays.stream(updates).map(Update::build).toList());
    }
}
