package io.nri4j.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.test.runtime.NriTestRuntime;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * What "Running it locally" in the guide says of actuator: with the guide's dependencies and no
 * management settings, only the health endpoint and its groups answer; with the guide's properties
 * block, every endpoint the chart's probes and scrape annotations use answers, and the nri details.
 */
class LocalRunTests {

    static final List<String> CHART_PATHS = List.of("/actuator/health/liveness", "/actuator/health/readiness",
            "/actuator/info", "/actuator/prometheus", "/actuator/health/nri");

    static NriTestRuntime runtime;

    static HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        runtime = NriTestRuntime.start();
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void outOfTheBoxOnlyTheHealthEndpointAnswers() {
        try (ConfigurableApplicationContext plugin = run(Map.of())) {
            awaitUp(plugin);
            Map<String, Integer> statuses = new HashMap<>();
            CHART_PATHS.forEach(path -> statuses.put(path, status(plugin, path)));
            System.out.println("docs-check: without the guide's properties: " + statuses);
            assertThat(statuses).containsEntry("/actuator/info", 404).containsEntry("/actuator/prometheus", 404)
                    .containsEntry("/actuator/health/nri", 404).containsEntry("/actuator/health/liveness", 200)
                    .containsEntry("/actuator/health/readiness", 200);
        }
    }

    @Test
    void theGuidesPropertiesServeWhatTheChartUsesAndTheDetails() {
        Map<String, Object> properties = guideProperties();
        try (ConfigurableApplicationContext plugin = run(properties)) {
            awaitUp(plugin);
            Map<String, Integer> statuses = new HashMap<>();
            CHART_PATHS.forEach(path -> statuses.put(path, status(plugin, path)));
            System.out.println("docs-check: with " + properties + ": " + statuses);
            CHART_PATHS.forEach(path -> assertThat(statuses).containsEntry(path, 200));
        }
    }

    /**
     * The properties block of "Running it locally": the one that sets the endpoints' exposure and
     * the health details (the nri endpoint's section exposes one more endpoint, details aside).
     */
    static Map<String, Object> guideProperties() {
        List<CodeBlock> blocks = CodeBlock.read(JavaExamplesTests.root, GuidePomTests.GUIDE).stream()
                .filter(b -> b.language().equals("properties"))
                .filter(b -> b.text().contains("management.endpoints.web.exposure"))
                .filter(b -> b.text().contains("management.endpoint.health.show-details"))
                .toList();
        assertThat(blocks).as("the guide's properties for a local run").hasSize(1);
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(blocks.get(0).text()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Map<String, Object> map = new HashMap<>();
        properties.forEach((key, value) -> map.put((String) key, value));
        return map;
    }

    private static ConfigurableApplicationContext run(Map<String, Object> properties) {
        Map<String, Object> all = new HashMap<>(properties);
        all.put("server.port", "0");
        all.put("nri.plugin.name", "local");
        all.put("nri.plugin.index", "60");
        all.put("nri.socket-path", runtime.socket().toString());
        return new SpringApplicationBuilder(App.class).properties(all).run();
    }

    private static void awaitUp(ConfigurableApplicationContext plugin) {
        await().atMost(Duration.ofSeconds(30)).until(() -> status(plugin, "/actuator/health") == 200);
    }

    private static int status(ConfigurableApplicationContext plugin, String path) {
        String port = plugin.getEnvironment().getProperty("local.server.port");
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Marker.class)
    static class App {
    }

    /** A plugin needs a handler to subscribe to anything. */
    @Component
    static class Marker {

        @OnCreateContainer
        Adjustment mark() {
            return Adjustment.create().addAnnotation("docs.nri4j.io/local", "yes");
        }
    }
}
