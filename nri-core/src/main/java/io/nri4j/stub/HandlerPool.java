package io.nri4j.stub;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pool nri4j runs handlers on unless given another: a fixed number of threads, started on
 * demand and ended after a minute idle, taking requests in arrival order.
 *
 * <p>Its idle threads wait on a stack, so a request wakes the thread that finished last (whose
 * caches are warm and whose CPU the scheduler still knows), not the one idle longest, as a
 * {@code ThreadPoolExecutor}'s queue would: 4-16 µs off each request's latency in the benchmark
 * (docs/benchmarks.md, "The hop off the event loop"). A handler that blocks on a
 * {@code CompletableFuture} or another managed blocker just blocks: the pool never adds threads
 * beyond its size, nor fails the handler for want of one.
 */
public final class HandlerPool {

    private HandlerPool() {
    }

    /**
     * @param namePrefix the threads are named {@code namePrefix-1}, {@code namePrefix-2}, ...
     * @param threads how many handlers may run at once
     */
    public static ExecutorService create(String namePrefix, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("a handler pool needs at least one thread, not " + threads);
        }
        // The creating thread's class loader, as a ThreadPoolExecutor's threads would inherit it:
        // fork-join threads would otherwise get the system class loader, which in a Spring Boot
        // fat jar cannot see the application's classes.
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        AtomicInteger count = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = pool -> {
            ForkJoinWorkerThread thread = new ForkJoinWorkerThread(pool) {
            };
            thread.setName(namePrefix + "-" + count.incrementAndGet());
            thread.setContextClassLoader(loader);
            return thread;
        };
        // FIFO for the requests; no core threads kept; at most `threads`, and at that limit a
        // blocked handler waits (the saturate predicate) instead of getting a rejection.
        return new ForkJoinPool(threads, factory, null, true, 0, threads, 1, pool -> true, 60, TimeUnit.SECONDS);
    }
}
