package io.nri4j.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.spring.info.NriInfoContributor;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;
import org.springframework.context.ConfigurableApplicationContext;

/** Once a runtime has configured the plugin, info names the runtime and its NRI version. */
class InfoTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void theRuntimeAndTheNriVersionItReportedOnceConnected() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Greeter.class));

        NriInfoContributor contributor = app.getBean(NriInfoContributor.class);
        // The runtime has its answer before the plugin's milestone reaches the application.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(nri(contributor)).containsEntry("state", "READY"));
        Map<String, Object> nri = nri(contributor);

        assertThat(nri)
                .containsEntry("plugin", Map.of("name", "it", "index", "10", "fullName", "10-it", "required", false))
                .containsEntry("subscribedEvents", List.of("CreateContainer", "PostStartContainer"));
        @SuppressWarnings("unchecked")
        Map<String, Object> runtimeInfo = (Map<String, Object>) nri.get("runtime");
        assertThat(runtimeInfo).containsEntry("name", "containerd")
                .containsEntry("version", "v2.4.0")
                .containsEntry("nriVersionInferred", false)
                .containsEntry("requestTimeout", "PT2S");
        assertThat(runtimeInfo.get("reportedNriVersion")).isEqualTo(runtimeInfo.get("nriVersion")).isNotEqualTo("none");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> nri(NriInfoContributor contributor) {
        Info.Builder builder = new Info.Builder();
        contributor.contribute(builder);
        return (Map<String, Object>) builder.build().get("nri");
    }
}
