package io.nri4j.internal.ttrpc;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs tasks on the application's executor, or on the common pool once that executor refuses
 * them (it was shut down first): completions and the end of a connection must still be told,
 * and never on the event loop, where application callbacks would run.
 */
public record OffLoopExecutor(Executor delegate) implements Executor {

    @Override
    public void execute(Runnable task) {
        try {
            delegate.execute(task);
        } catch (RejectedExecutionException e) {
            ForkJoinPool.commonPool().execute(task);
        }
    }
}
