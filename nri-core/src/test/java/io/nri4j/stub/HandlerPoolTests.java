package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandlerPoolTests {

    private ExecutorService pool;

    @AfterEach
    void shutDown() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aHandlerBlockedOnAFutureWaitsWhenEveryThreadIsBusy() {
        pool = HandlerPool.create("test", 1);
        CompletableFuture<String> answer = new CompletableFuture<>();
        CompletableFuture<String> blocked = new CompletableFuture<>();
        CompletableFuture<String> queued = new CompletableFuture<>();
        pool.execute(() -> {
            try {
                // Waits through the pool's managed blocker: with no thread left to add, it must
                // wait (without the pool's saturate predicate JDK 25 rejects it here).
                blocked.complete(answer.get());
            } catch (Exception | Error e) {
                blocked.completeExceptionally(e);
            }
        });
        pool.execute(() -> queued.complete("after"));

        answer.complete("answered");

        await().atMost(10, TimeUnit.SECONDS).until(() -> blocked.isDone() && queued.isDone());
        assertThat(blocked).isCompletedWithValue("answered");
        assertThat(queued).isCompletedWithValue("after");
    }

    @Test
    void requestsRunInArrivalOrderOnOneThread() {
        pool = HandlerPool.create("test", 1);
        List<Integer> ran = new CopyOnWriteArrayList<>();
        IntStream.range(0, 200).forEach(i -> pool.execute(() -> ran.add(i)));

        await().atMost(10, TimeUnit.SECONDS).until(() -> ran.size() == 200);
        assertThat(ran).isEqualTo(IntStream.range(0, 200).boxed().toList());
    }

    @Test
    void threadsAreNamedAndSeeTheCreatorsClassLoader() throws Exception {
        AtomicReference<String> name = new AtomicReference<>();
        AtomicReference<ClassLoader> loader = new AtomicReference<>();
        Thread current = Thread.currentThread();
        ClassLoader before = current.getContextClassLoader();
        try (URLClassLoader application = new URLClassLoader(new URL[0], before)) {
            current.setContextClassLoader(application);
            pool = HandlerPool.create("nri-handler", 2);
            current.setContextClassLoader(before);
            pool.execute(() -> {
                loader.set(Thread.currentThread().getContextClassLoader());
                name.set(Thread.currentThread().getName());
            });

            await().atMost(10, TimeUnit.SECONDS).until(() -> name.get() != null);
            assertThat(name.get()).isEqualTo("nri-handler-1");
            assertThat(loader.get()).isSameAs(application);
        } finally {
            current.setContextClassLoader(before);
        }
    }

    @Test
    void aPoolWithoutThreadsIsRefused() {
        assertThatThrownBy(() -> HandlerPool.create("test", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one thread");
    }
}
