package io.nri4j.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.spring.boot.autoconfigure.NriPluginBuilderCustomizer;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.NriPlugin;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/** Customizers change the plugin's builder after the properties, in order. */
class CustomizerTests {

    @Component
    @Order(1)
    static class Elsewhere implements NriPluginBuilderCustomizer {
        @Override
        public void customize(NriPlugin.Builder builder) {
            builder.socketPath(Path.of("/nonexistent/customized.sock"));
        }
    }

    @Component
    @Order(2)
    static class TheRealSocket implements NriPluginBuilderCustomizer {
        private final Path socket;

        TheRealSocket(@Value("${it.socket}") Path socket) {
            this.socket = socket;
        }

        @Override
        public void customize(NriPlugin.Builder builder) {
            builder.socketPath(socket);
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void theLastCustomizerInOrderWinsOverTheProperties() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime,
                List.of(Greeter.class, TheRealSocket.class, Elsewhere.class),
                "nri.socket-path=/nonexistent/nri.sock", "it.socket=" + apps.socket);

        // The runtime is done with Synchronize before the plugin's listeners hear of it.
        await().atMost(Duration.ofSeconds(10)).until(app.getBean(ConnectionState.class)::ready);
        assertThat(runtime.createContainer(PluginApps.pod("p"), PluginApps.container(PluginApps.pod("p"), "c"))
                .getAdjust().getAnnotationsMap()).containsEntry("greeting", "hello c");
    }
}
