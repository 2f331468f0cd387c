package io.nri4j.spring.test.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.stub.PluginInstance;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** {@code /actuator/nri} once exposed: who the plugin is, what it subscribed to, and what its requests did. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "nri.plugin.name=observed", "nri.plugin.index=30", "management.endpoints.web.exposure.include=health,nri",
    "nri.endpoint.recent-requests=3", "nri.audit.enabled=true"})
@EmbeddedNriRuntime
@ExtendWith(OutputCaptureExtension.class)
class NriEndpointTests {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Handlers.class)
    static class App {
    }

    /** Adjusts every container but one, whose creation fails. */
    @Component
    static class Handlers {

        @OnCreateContainer
        Adjustment create(PodSandbox pod, Container container) {
            if (container.getName().equals("broken")) {
                throw new IllegalStateException("no quota for " + container.getName());
            }
            return Adjustment.create().addAnnotation("example.com/seen", "yes").addEnv("API_TOKEN", "hunter2");
        }
    }

    @Autowired
    NriTestRuntime runtime;

    @Autowired
    PluginInstance instance;

    @LocalServerPort
    int port;

    @Test
    @SuppressWarnings("unchecked")
    void tellsThePluginTheRuntimeTheSubscriptionAndTheLatestRequests(CapturedOutput output) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(nri(http)).containsEntry("state", "READY"));
        PodSandbox pod = TestPods.pod("web").build();
        runtime.createContainer(pod, TestPods.container(pod, "app").build());
        assertThat(runtime.createContainerRefused(pod, TestPods.container(pod, "broken").build()))
                .contains("no quota for broken");

        Map<String, Object> nri = nri(http);

        Map<String, Object> plugin = (Map<String, Object>) nri.get("plugin");
        assertThat(plugin).containsEntry("name", "observed").containsEntry("index", "30")
                .containsEntry("fullName", "30-observed")
                .containsEntry("marker", Map.of("annotation", "handled.nri4j.io/observed", "value", instance.id()));
        assertThat((Map<String, Object>) plugin.get("instance")).containsEntry("id", instance.id());
        assertThat((String) plugin.get("nri4jVersion")).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat((Map<String, Object>) nri.get("runtime")).containsEntry("name", "containerd")
                .containsEntry("version", "v2.4.0").containsEntry("nriVersionInferred", false);
        assertThat((Map<String, Object>) nri.get("subscription"))
                .containsEntry("requested", List.of("CreateContainer"))
                .containsEntry("addedForEscapeDetection", List.of("PostStartContainer"))
                .containsEntry("leftOut", List.of())
                .containsEntry("subscribed", List.of("CreateContainer", "PostStartContainer"));
        assertThat(((List<Map<String, Object>>) nri.get("connections")).stream().map(c -> c.get("event")))
                .containsExactly("connected", "registered", "configured", "synchronized");

        Map<String, Object> requests = (Map<String, Object>) nri.get("requests");
        assertThat(requests).containsEntry("capacity", 3);
        List<Map<String, Object>> latest = (List<Map<String, Object>>) requests.get("latest");
        assertThat(latest).hasSize(3);
        assertThat(latest.get(0)).containsEntry("event", "CreateContainer")
                .containsEntry("subject", Map.of("namespace", "default", "pod", "web", "container", "broken"))
                .containsEntry("outcome", "error")
                .containsEntry("reason", "IllegalStateException: no quota for broken")
                .containsKeys("time", "durationMillis");
        assertThat(latest.get(1)).containsEntry("event", "CreateContainer")
                .containsEntry("subject", Map.of("namespace", "default", "pod", "web", "container", "app"))
                .containsEntry("outcome", "adjusted")
                .doesNotContainKey("reason");
        assertThat(latest.get(2)).containsEntry("event", "Synchronize").containsEntry("outcome", "ok")
                .doesNotContainKey("subject");
        assertThat((Map<String, Object>) nri.get("escapes")).containsEntry("counts", Map.of())
                .containsEntry("latest", List.of());

        assertThat(output.getOut())
                .containsPattern("event=CreateContainer subject=default/web/app outcome=adjusted duration=\\d+\\.\\dms"
                        + " changes=\"annotations \\[example.com/seen], env \\[API_TOKEN=<redacted>]\"")
                .contains("event=CreateContainer subject=default/web/broken outcome=error")
                .doesNotContain("hunter2");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> nri(HttpClient http) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/actuator/nri")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return JsonMapper.builder().build().readValue(response.body(), Map.class);
    }
}
