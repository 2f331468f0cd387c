package io.nri4j.spring.it;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Real Spring Boot applications whose plugin talks to the upstream runtime library
 * ({@link UpstreamRuntime}); close releases both.
 */
final class PluginApps implements AutoCloseable {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    final Path socket;
    private final Path dir;
    private final List<AutoCloseable> open = new ArrayList<>();

    PluginApps() {
        try {
            dir = Files.createTempDirectory("nri");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        socket = dir.resolve("nri.sock");
    }

    UpstreamRuntime runtime(UpstreamRuntime.Mode mode, UpstreamRuntime.Options options) {
        UpstreamRuntime runtime = UpstreamRuntime.launch(socket, mode, options);
        open.add(runtime);
        return runtime;
    }

    UpstreamRuntime runtime() {
        return runtime(UpstreamRuntime.Mode.LIBRARY, UpstreamRuntime.Options.defaults());
    }

    /** Starts an application with these beans, connecting to this socket. */
    ConfigurableApplicationContext app(List<Class<?>> beans, String... properties) {
        List<Class<?>> sources = new ArrayList<>(beans);
        sources.add(0, App.class);
        List<String> all = new ArrayList<>(List.of(
                "nri.socket-path=" + socket,
                "nri.enforcement.directory=" + socket.resolveSibling("ledger"),
                "nri.plugin.name=it",
                "nri.plugin.index=10",
                "nri.reconnect.initial-backoff=50ms",
                "nri.reconnect.max-backoff=200ms",
                "management.endpoint.health.show-details=always"));
        all.addAll(List.of(properties));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(sources.toArray(Class[]::new))
                .web(WebApplicationType.NONE)
                .properties(all.toArray(String[]::new))
                .run();
        open.add(0, context::close);
        return context;
    }

    /**
     * Starts {@code runtime}, then an application with these beans, and returns once the runtime
     * has synchronized with the application's plugin.
     */
    ConfigurableApplicationContext appSynchronizedWith(UpstreamRuntime runtime, List<Class<?>> beans,
            String... properties) {
        runtime.start();
        ConfigurableApplicationContext context = app(beans, properties);
        runtime.awaitSynchronized(Duration.ofSeconds(20));
        return context;
    }

    static PodSandbox pod(String id) {
        return PodSandbox.newBuilder().setId(id).setName(id).setNamespace("it").setUid(id + "-uid").build();
    }

    static Container container(PodSandbox pod, String id) {
        return Container.newBuilder().setId(id).setPodSandboxId(pod.getId()).setName(id).build();
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
