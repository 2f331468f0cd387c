package io.nri4j.internal.instances;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread all of an instance's file work runs on. A handler thread may be interrupted (its
 * budget ran out), and an interrupted thread doing file I/O would close a shared channel; and a
 * claim given up half-way would look like no claim. So callers hand the work over and wait for
 * it even when interrupted (it is short file I/O).
 */
final class FileThread {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);

    private final ExecutorService thread;
    private final Object directory;

    FileThread(String name, Object directory) {
        this.directory = directory;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs {@code task} on the thread and waits; on failure (logged) the answer is {@code fallback}. */
    <T> T run(Callable<T> task, T fallback) {
        boolean interrupted = false;
        try {
            Future<T> result = thread.submit(task);
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException | RejectedExecutionException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            log.warn("instance coordination in {} failed, handling the request as if alone: {}", directory,
                    cause.toString());
            return fallback;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Lets queued work finish; no more is taken. */
    void shutdown() {
        thread.shutdown();
    }
}
