package io.nri4j;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Bounds the time one fuzz input may take. JUnit's {@code @Timeout} cannot: under Jazzer it
 * would also bound the whole fuzzing run. Each input runs on one reused worker thread, and a
 * timeout is a finding like any failure.
 */
public final class FuzzInputs {

    /** Far above any input's real cost (microseconds); only a hang reaches it. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static ExecutorService worker = newWorker();

    private FuzzInputs() {
    }

    /** The body of one input. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body}, failing if it throws or does not finish within {@link #TIMEOUT}. */
    public static synchronized void withinTimeout(Body body) throws Exception {
        Future<?> input = worker.submit(() -> {
            body.run();
            return null;
        });
        try {
            input.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            input.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            throw new AssertionError("input still running after " + TIMEOUT.toSeconds() + " s: a hang");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw (Error) e.getCause();
        }
    }

    /** Seeds are read from files, each one the input's bytes. */
    @FunctionalInterface
    public interface Check {
        void check(byte[] input) throws Exception;
    }

    /**
     * Runs every seed of a fuzz test once, without a time limit: the first inputs would
     * otherwise pay for loading (and, when fuzzing, instrumenting) every class they touch.
     */
    public static void warmUp(Class<?> test, String method, Check check) throws Exception {
        URL seeds = test.getResource(test.getSimpleName() + "Inputs/" + method);
        if (seeds == null) {
            return;
        }
        try (Stream<Path> files = Files.list(Path.of(seeds.toURI()))) {
            for (Path seed : files.sorted().toList()) {
                check.check(Files.readAllBytes(seed));
            }
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "fuzz-input");
            thread.setDaemon(true);
            return thread;
        });
    }
}
