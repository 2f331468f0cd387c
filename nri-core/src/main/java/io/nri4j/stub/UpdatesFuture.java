package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerUpdate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The result of unsolicited updates: the updates the runtime could not apply. Waiting for it
 * inside a handler would wait forever (it is sent once the handler has answered), so that
 * fails at once instead.
 *
 * @param <T> the value type, for derived stages
 */
final class UpdatesFuture<T> extends CompletableFuture<T> {

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new UpdatesFuture<>();
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        refuseInsideHandler();
        return super.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        refuseInsideHandler();
        return super.get(timeout, unit);
    }

    @Override
    public T join() {
        refuseInsideHandler();
        return super.join();
    }

    private void refuseInsideHandler() {
        String method = HandlerThread.current();
        if (method != null && !isDone()) {
            throw new IllegalStateException("waiting for UpdateContainers inside the " + method
                    + " handler would deadlock: updates are sent after the handler answers;"
                    + " use the future's callbacks instead");
        }
    }

    static UpdatesFuture<List<ContainerUpdate>> failed(Throwable t) {
        UpdatesFuture<List<ContainerUpdate>> f = new UpdatesFuture<>();
        f.completeExceptionally(t);
        return f;
    }
}
