package io.nri4j.samples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The sample as it runs on a node: against the upstream runtime library, probed over HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "management.endpoints.web.exposure.include=health,prometheus")
@EmbeddedNriRuntime
class SpringHelloPluginTests {

    @Autowired
    NriTestRuntime runtime;

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void greetsEachContainerWithItsPodsGreeting() {
        PodSandbox pod = TestPods.pod("greeted")
                .putAnnotations("greeting.nri4j.io", "good morning")
                .putAnnotations("greeting.nri4j.io/container.sidecar", "hi").build();

        CreateContainerResponse app = runtime.createContainer(pod, TestPods.container(pod, "app").build());
        CreateContainerResponse sidecar = runtime.createContainer(pod, TestPods.container(pod, "sidecar").build());

        assertThat(app.getAdjust().getAnnotationsMap()).containsEntry("hello.nri4j.io/greeting", "good morning, app");
        assertThat(sidecar.getAdjust().getAnnotationsMap()).containsEntry("hello.nri4j.io/greeting", "hi, sidecar");
        assertThat(sidecar.getAdjust().getEnvList()).extracting(e -> e.getKey() + "=" + e.getValue())
                .containsExactly("GREETING=hi");
    }

    @Test
    void reportsReadinessAndMetricsOverHttp() throws Exception {
        PodSandbox pod = TestPods.pod("plain").build();
        runtime.runContainer(pod, TestPods.container(pod, "app").build());

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(get("/actuator/health/readiness")).contains("\"status\":\"UP\""));
        assertThat(get("/actuator/prometheus"))
                .containsPattern("nri_plugin_requests_seconds_count"
                        + "\\{outcome=\"success\",request=\"CreateContainer\"} [1-9]")
                .contains("nri_plugin_connection_state 3");
    }

    private String get(String path) throws Exception {
        URI uri = URI.create("http://localhost:" + port + path);
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
