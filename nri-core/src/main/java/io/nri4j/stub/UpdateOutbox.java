package io.nri4j.stub;

import io.netty.channel.EventLoop;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.UpdateContainersRequest;
import io.nri4j.api.v1alpha1.UpdateContainersResponse;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcClient;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcServerEndpoint;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Holds unsolicited UpdateContainers calls while the runtime waits for an answer from this
 * plugin. containerd applies plugin updates under the lock it holds while it calls plugins, so
 * an update sent from inside a handler would wait for that handler; the outbox sends it right
 * after the answer instead. Its queue lives on the event loop; its futures complete off it (the
 * client's on the executor), so their callbacks never run there.
 */
final class UpdateOutbox {

    private record Queued(UpdateContainersRequest request, UpdatesFuture<List<ContainerUpdate>> result) {
    }

    private final EventLoop eventLoop;
    /** Where futures fail: their callbacks are application code. */
    private final Executor completions;
    private final TtrpcClient client;
    private final TtrpcServerEndpoint server;
    private final Queue<Queued> queue = new ArrayDeque<>();
    private boolean closed;

    UpdateOutbox(EventLoop eventLoop, Executor completions, TtrpcClient client, TtrpcServerEndpoint server) {
        this.eventLoop = eventLoop;
        this.completions = completions;
        this.client = client;
        this.server = server;
    }

    /** Any thread. */
    UpdatesFuture<List<ContainerUpdate>> submit(List<ContainerUpdate> updates) {
        UpdatesFuture<List<ContainerUpdate>> result = new UpdatesFuture<>();
        Queued queued = new Queued(UpdateContainersRequest.newBuilder().addAllUpdate(updates).build(), result);
        try {
            eventLoop.execute(() -> {
                if (closed) {
                    fail(queued);
                } else if (queue.isEmpty()) {
                    queue.add(queued);
                    server.whenIdle(this::flush); // on the next turn if no call is in flight
                } else {
                    queue.add(queued); // behind those already waiting, which flush() sends first
                }
            });
        } catch (RejectedExecutionException e) {
            fail(queued);
        }
        return result;
    }

    /** Event loop: the plugin has answered every runtime request. */
    void flush() {
        Queued queued;
        while ((queued = queue.poll()) != null) {
            send(queued);
        }
    }

    /** Event loop: the connection is gone. */
    void close() {
        closed = true;
        Queued queued;
        while ((queued = queue.poll()) != null) {
            fail(queued);
        }
    }

    private void send(Queued queued) {
        // Like the Go stub, no deadline: the runtime may hold it behind a long operation.
        client.call(StubChannel.RUNTIME_SERVICE, "UpdateContainers", queued.request(),
                        UpdateContainersResponse.parser(), null)
                .whenComplete((response, error) -> {
                    if (error != null) {
                        queued.result().completeExceptionally(error);
                    } else {
                        queued.result().complete(List.copyOf(response.getFailedList()));
                    }
                });
    }

    private void fail(Queued queued) {
        completions.execute(() -> queued.result().completeExceptionally(new TtrpcException(
                TtrpcStatus.of(StatusCode.UNAVAILABLE, "connection to the runtime closed"))));
    }
}
