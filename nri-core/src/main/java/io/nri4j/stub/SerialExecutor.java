package io.nri4j.stub;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs tasks one at a time, in submission order, on a delegate executor. */
final class SerialExecutor implements Executor {

    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    private final Executor delegate;
    private final Queue<Runnable> tasks = new ArrayDeque<>();
    private boolean running;

    SerialExecutor(Executor delegate) {
        this.delegate = delegate;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            tasks.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        delegate.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable task;
            synchronized (this) {
                task = tasks.poll();
                if (task == null) {
                    running = false;
                    return;
                }
            }
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warn("listener failed", e);
            }
        }
    }
}
