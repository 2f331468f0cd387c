package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OffLoopExecutorTests {

    @Test
    void tasksRunOnTheApplicationsExecutor() {
        ExecutorService app = Executors.newSingleThreadExecutor(r -> new Thread(r, "app"));
        try {
            CompletableFuture<String> thread = new CompletableFuture<>();
            new OffLoopExecutor(app).execute(() -> thread.complete(Thread.currentThread().getName()));
            assertThat(thread).succeedsWithin(5, TimeUnit.SECONDS).isEqualTo("app");
        } finally {
            app.shutdownNow();
        }
    }

    @Test
    void tasksStillRunOnceTheApplicationsExecutorIsShutDown() {
        ExecutorService app = Executors.newSingleThreadExecutor();
        app.shutdown();
        CompletableFuture<Thread> thread = new CompletableFuture<>();

        new OffLoopExecutor(app).execute(() -> thread.complete(Thread.currentThread()));

        assertThat(thread).succeedsWithin(5, TimeUnit.SECONDS).isInstanceOf(ForkJoinWorkerThread.class);
    }
}
