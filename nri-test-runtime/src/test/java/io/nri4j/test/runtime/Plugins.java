package io.nri4j.test.runtime;

import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.NriStub;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/** Plugins built on nri-core in this JVM, connected to a test's runtime; close releases them. */
final class Plugins implements AutoCloseable {

    private final Path socket;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<NriStub> stubs = new ArrayList<>();

    Plugins(Path socket) {
        this.socket = socket;
    }

    /** Connects a plugin named {@code test} at index 10 with the handlers the test adds. */
    NriStub connect(UnaryOperator<NriPlugin.Builder> handlers) {
        NriPlugin plugin = handlers.apply(NriPlugin.builder()
                .name("test").index("10")
                .socketPath(socket)
                .environment(Map.of())
                .executor(executor)).build();
        NriStub stub = plugin.connect();
        stubs.add(stub);
        return stub;
    }

    /** Closes every plugin, and once they are closed, their handlers' threads. */
    @Override
    public void close() {
        stubs.forEach(NriStub::close);
        // A stub reports its end on the executor, so the executor goes last.
        CompletableFuture.allOf(stubs.stream().map(s -> s.closeFuture().toCompletableFuture())
                .toArray(CompletableFuture[]::new)).orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> null).join();
        executor.shutdownNow();
    }
}
