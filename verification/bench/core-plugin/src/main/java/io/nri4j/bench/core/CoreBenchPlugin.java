package io.nri4j.bench.core;

import io.nri4j.adjust.Adjustment;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.Enforcement;
import io.nri4j.stub.NriPlugin;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The benchmark's work on nri-core: CreateContainer adds an annotation and an environment
 * variable, StartContainer is counted. The Go and Spring peers do the same.
 */
public final class CoreBenchPlugin {

    private CoreBenchPlugin() {
    }

    /** Arguments: the runtime's socket. Serves until the connection ends. */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: CoreBenchPlugin <socket>");
            System.exit(64);
        }
        LongAdder started = new LongAdder();
        NriPlugin.Builder builder = NriPlugin.builder();
        if (Boolean.getBoolean("bench.handlersOnEventLoop")) {
            // An experiment, never a plugin's setting: it measures what the hop off the event
            // loop costs per request (docs/benchmarks.md). A handler that blocks here stops the
            // connection's I/O, and with it the runtime's deadline answer.
            builder.executor(Runnable::run);
        }
        if (!Boolean.parseBoolean(System.getProperty("bench.enforcement", "true"))) {
            // The other half of enforcement's before/after: the Spring plugin takes
            // -Dnri.enforcement.enabled=false (docs/guarantees.md, "Cost").
            builder.enforcement(Enforcement.OFF);
        }
        int exit = builder
                .name("bench").index("50")
                .socketPath(Path.of(args[0]))
                .onCreateContainer((request, context) -> CreateContainerResult.of(Adjustment.create()
                        .addAnnotation("bench.nri4j.io/greeting", "hello, " + request.getContainer().getName())
                        .addEnv("BENCH", "1")))
                .onStartContainer((request, context) -> started.increment())
                .build().runForExitCode();
        System.exit(exit);
    }
}
