package io.nri4j.spring.updates;

import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.NriStub;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the runtime to update running containers, from anywhere: a scheduled task, a web
 * request, or a handler. The call is queued and goes out once the plugin has answered every
 * request the runtime is waiting for, so it never deadlocks the runtime (which applies updates
 * under the lock it holds while it calls plugins). The future completes with the updates the
 * runtime could not apply; waiting for it inside a handler fails at once rather than hanging.
 *
 * <p>Never throws: while the plugin is not connected, or for updates that cannot be sent, the
 * future fails instead.
 */
public final class ContainerUpdater {

    private static final Logger log = LoggerFactory.getLogger(ContainerUpdater.class);

    private final ConnectionState state;
    private final List<UpdatesListener> listeners;
    /** Why no update can ever be sent; null while the plugin runs. */
    private final String unavailable;

    public ContainerUpdater(ConnectionState state, List<UpdatesListener> listeners) {
        this(state, listeners, null);
    }

    private ContainerUpdater(ConnectionState state, List<UpdatesListener> listeners, String unavailable) {
        this.state = state;
        this.listeners = List.copyOf(listeners);
        this.unavailable = unavailable;
    }

    /** An updater for an application whose plugin does not run: every future fails with this reason. */
    public static ContainerUpdater unavailable(String reason) {
        return new ContainerUpdater(null, List.of(), reason);
    }

    public CompletableFuture<List<ContainerUpdate>> updateContainers(List<ContainerUpdate> updates) {
        if (unavailable != null) {
            return CompletableFuture.failedFuture(new IllegalStateException(unavailable));
        }
        try {
            List<ContainerUpdate> copy = List.copyOf(updates);
            NriStub stub = state.stub().orElse(null);
            if (stub == null) {
                return CompletableFuture.failedFuture(
                        new IllegalStateException("the plugin is not connected to the runtime"));
            }
            CompletableFuture<List<ContainerUpdate>> sent = stub.updateContainers(copy);
            if (!sent.isCompletedExceptionally()) {
                told(copy.size());
            }
            return sent;
        } catch (RuntimeException e) {
            // A null list or update, a stub closing under us: the caller handles failures in one
            // place, the future.
            return CompletableFuture.failedFuture(e);
        }
    }

    public CompletableFuture<List<ContainerUpdate>> update(Update... updates) {
        try {
            return updateContainers(Arrays.stream(updates).map(Update::build).toList());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A listener's failure is its own: the updates are on their way all the same. */
    private void told(int sent) {
        for (UpdatesListener listener : listeners) {
            try {
                listener.sent(sent);
            } catch (RuntimeException e) {
                log.warn("updates listener {} failed", listener, e);
            }
        }
    }
}
