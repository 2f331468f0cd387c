package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.nri4j.internal.transport.Trunks;
import io.nri4j.internal.ttrpc.SlackTimer;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads, once per JVM and off the connection's threads, what the first requests would otherwise
 * load while the runtime's deadline runs: every NRI message class with its builder and parser,
 * and the budget's clock. A cold first CreateContainer spends most of its time in class loading
 * and verification (about 90 classes); on a node whose cores are all taken that alone has been
 * seen to take longer than the runtime's one-second deadline. Before them, the I/O thread and a
 * channel's set-up ({@link Trunks#prepare()}), which the first dial would otherwise do on the
 * start path. Started when a plugin's builder is made, so that it overlaps the application's own
 * start.
 */
final class Warmup {

    private static final Logger log = LoggerFactory.getLogger(Warmup.class);
    private static volatile CompletableFuture<Duration> done;

    private Warmup() {
    }

    /** Starts the warm-up unless it has started before; the future completes with its duration. */
    static CompletableFuture<Duration> start() {
        CompletableFuture<Duration> d = done;
        if (d == null) {
            synchronized (Warmup.class) {
                if (done == null) {
                    done = new CompletableFuture<>();
                    Thread t = new Thread(Warmup::run, "nri-warmup");
                    t.setDaemon(true);
                    t.start();
                }
                d = done;
            }
        }
        return d;
    }

    /**
     * Waits for the warm-up, for at most {@code limit}: the Synchronize reply waits for it, so
     * that the runtime's first request after it meets a warm plugin.
     */
    static void await(Duration limit) {
        try {
            start().get(Math.max(0, limit.toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            log.debug("answering before the warm-up has finished: {} was all there was to wait", limit);
        } catch (ExecutionException e) {
            log.debug("warm-up failed: {}", e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void run() {
        long start = System.nanoTime();
        try {
            Trunks.prepare();
        } catch (RuntimeException | LinkageError e) {
            // No native transport: the dial says so, in the one line its failure logs.
            log.debug("warm-up: no I/O thread prepared ({})", e.toString());
        }
        try {
            SlackTimer.pending();
            int classes = 0;
            for (Message instance : NriMessageTypes.defaults()) {
                instance.getParserForType().parseFrom(instance.toBuilder().build().toByteString());
                instance.getParserForType().parseFrom(ByteString.EMPTY);
                classes++;
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            log.debug("warm-up: I/O thread and {} message types in {} ms", classes, took.toMillis());
            done.complete(took);
        } catch (IOException | RuntimeException | LinkageError e) {
            done.completeExceptionally(e);
        }
    }
}
