package io.nri4j.stub;

import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pool nri4j runs handlers on unless given another: a fixed number of threads, started on
 * demand and ended after a minute idle, taking requests in arrival order.
 *
 * <p>Given this pool, a plugin's connection does more: threads made like the pool's (same names,
 * same class loader, one more than its size, as many handlers at once) read the socket
 * themselves, and the thread that reads a request runs it while another takes over the reading,
 * so no request waits for a thread to wake up (docs/benchmarks.md, "Leader and followers"). The
 * pool itself then runs the rest: completions of the plugin's calls to the runtime, events.
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
        ThreadFactory plain = task -> {
            Thread thread = new Thread(task, namePrefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            thread.setContextClassLoader(loader);
            return thread;
        };
        return new Pool(threads, factory, plain);
    }

    /**
     * The threads of {@code executor} if it is such a pool: where it is, the threads that read a
     * connection run its requests themselves (see {@code TrunkReader}), named and loaded as the
     * pool's own, as many at once as the pool would run.
     */
    static Optional<Threads> threadsOf(Executor executor) {
        return executor instanceof Pool pool ? Optional.of(new Threads(pool.plain, pool.size)) : Optional.empty();
    }

    /** Threads made as a pool's own, and how many handlers it runs at once. */
    record Threads(ThreadFactory factory, int handlers) {
    }

    private static final class Pool extends ForkJoinPool {

        final ThreadFactory plain;
        final int size;

        Pool(int threads, ForkJoinWorkerThreadFactory factory, ThreadFactory plain) {
            // FIFO for the requests; no core threads kept; at most `threads`, and at that limit a
            // blocked handler waits (the saturate predicate) instead of getting a rejection.
            super(threads, factory, null, true, 0, threads, 1, pool -> true, 60, TimeUnit.SECONDS);
            this.plain = plain;
            this.size = threads;
        }
    }
}
