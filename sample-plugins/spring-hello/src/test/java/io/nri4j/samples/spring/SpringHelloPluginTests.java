package io.nri4j.samples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The sample as it runs on a node: against the upstream runtime library, probed over HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "management.endpoints.web.exposure.include=health,prometheus")
class SpringHelloPluginTests {

    static Path socket;
    static UpstreamRuntime runtime;

    @BeforeAll
    static void startRuntime() throws Exception {
        socket = Files.createTempDirectory("nri").resolve("nri.sock");
        runtime = UpstreamRuntime.launch(socket, UpstreamRuntime.Mode.LIBRARY);
        runtime.start();
    }

    @AfterAll
    static void stopRuntime() {
        runtime.close();
    }

    @DynamicPropertySource
    static void socket(DynamicPropertyRegistry registry) {
        registry.add("nri.socket-path", () -> socket.toString());
    }

    @Autowired
    Environment environment;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void greetsContainersAndReportsReadinessAndMetricsOverHttp() throws Exception {
        runtime.awaitSynchronized(Duration.ofSeconds(30));
        PodSandbox pod = PodSandbox.newBuilder().setId("p").setName("greeted").setNamespace("default")
                .putAnnotations("greeting.nri4j.io", "good morning")
                .putAnnotations("greeting.nri4j.io/container.sidecar", "hi").build();

        CreateContainerResponse app = runtime.createContainer(pod, container(pod, "app"));
        CreateContainerResponse sidecar = runtime.createContainer(pod, container(pod, "sidecar"));

        assertThat(app.getAdjust().getAnnotationsMap()).containsEntry("hello.nri4j.io/greeting", "good morning, app");
        assertThat(sidecar.getAdjust().getAnnotationsMap()).containsEntry("hello.nri4j.io/greeting", "hi, sidecar");
        assertThat(sidecar.getAdjust().getEnvList()).extracting(e -> e.getKey() + "=" + e.getValue())
                .containsExactly("GREETING=hi");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(get("/actuator/health/readiness")).contains("\"status\":\"UP\""));
        assertThat(get("/actuator/prometheus"))
                .contains("nri_plugin_requests_seconds_count{outcome=\"success\",request=\"CreateContainer\"} 2")
                .contains("nri_plugin_connection_state 3");
    }

    private static Container container(PodSandbox pod, String name) {
        return Container.newBuilder().setId(pod.getId() + "-" + name).setPodSandboxId(pod.getId()).setName(name).build();
    }

    private String get(String path) throws Exception {
        URI uri = URI.create("http://localhost:" + environment.getProperty("local.server.port") + path);
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
