package io.nri4j.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.spring.lifecycle.NriExit;
import io.nri4j.stub.NriEvent;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Shutdown from the runtime (draft API): exit for a replaced instance, reconnect otherwise. */
class ShutdownTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void exitsWithCodeZeroWhenAnotherInstanceRegistered() throws Exception {
        UpstreamRuntime runtime = apps.runtime(UpstreamRuntime.Mode.DRAFT, UpstreamRuntime.Options.defaults());
        runtime.start();
        Path log = Files.createTempFile("nri-exit", ".log");
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        if (Runtime.version().feature() >= 24) {
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ExitApp.class.getName(),
                "--spring.main.web-application-type=none", "--nri.socket-path=" + apps.socket,
                "--nri.plugin.name=exiting", "--nri.plugin.index=10",
                "--nri.instances.directory=" + apps.socket.resolveSibling("instances")));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            runtime.awaitSynchronized(Duration.ofSeconds(60));

            assertThat(runtime.shutdown("other plugin instance registered")).isEqualTo(1);

            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the application exits").isTrue();
            assertThat(process.exitValue()).isZero();
            assertThat(Files.readString(log))
                    .contains("was shut down by the runtime (other plugin instance registered); exiting with code 0");
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    @Configuration
    static class RecordingExit {
        final List<Integer> codes = new CopyOnWriteArrayList<>();

        @Bean
        NriExit nriExit() {
            return (code, reason) -> codes.add(code);
        }
    }

    @Test
    void reconnectsAfterAShutdownForAnyOtherReason() {
        UpstreamRuntime runtime = apps.runtime(UpstreamRuntime.Mode.DRAFT, UpstreamRuntime.Options.defaults());
        runtime.start();
        ConfigurableApplicationContext app = apps.app(List.of(Greeter.class, RecordingExit.class, EventLog.class));
        List<NriEvent> events = app.getBean(EventLog.class).events;
        int first = runtime.awaitSynchronized(Duration.ofSeconds(20));

        runtime.shutdown("request handling timeout");

        assertThat(runtime.awaitSynchronized(Duration.ofSeconds(20))).isEqualTo(first + 1);
        await().atMost(Duration.ofSeconds(5))
                .until(() -> events.contains(new NriEvent.ShutdownRequested("request handling timeout")));
        assertThat(app.getBean(RecordingExit.class).codes).isEmpty();
    }

    private static String javaBinary() throws IOException {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
