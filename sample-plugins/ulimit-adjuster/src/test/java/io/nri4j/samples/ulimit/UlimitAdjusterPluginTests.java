package io.nri4j.samples.ulimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.POSIXRlimit;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The sample as it runs on a node: against the upstream runtime library, probed over HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@EmbeddedNriRuntime
class UlimitAdjusterPluginTests {

    static final String KEY = "ulimits.noderesource.dev/container.sleep";
    static final String OLD_KEY = "ulimits.nri.containerd.io/container.sleep";
    @Autowired
    NriTestRuntime runtime;

    @LocalServerPort
    int port;

    @Test
    void setsTheSamplePodsLimitsInTheirOrderAsTheReadmeSays() {
        assertThat(rlimits(SamplePod.read("sample-ulimit-adjust.yaml"))).containsExactly(
                rlimit("RLIMIT_NOFILE", 4096, 1024), rlimit("RLIMIT_MEMLOCK", 67108864, 67108864),
                rlimit("RLIMIT_CORE", 0, 0));
    }

    @Test
    void readsTheOlderKey() {
        assertThat(rlimits(pod("old-key", OLD_KEY, "- {type: nofile, hard: 10, soft: 5}")))
                .containsExactly(rlimit("RLIMIT_NOFILE", 10, 5));
    }

    @Test
    void prefersTheCurrentKeyEvenWhenItIsEmpty() {
        PodSandbox both = TestPods.pod("both").putAnnotations(KEY, "- {type: nofile, hard: 10}")
                .putAnnotations(OLD_KEY, "- {type: nproc, hard: 10}").build();
        PodSandbox emptyCurrent = TestPods.pod("empty-current").putAnnotations(KEY, "")
                .putAnnotations(OLD_KEY, "- {type: nproc, hard: 10}").build();

        assertThat(rlimits(both)).containsExactly(rlimit("RLIMIT_NOFILE", 10, 0));
        assertThat(rlimits(emptyCurrent)).isEmpty();
    }

    @Test
    void readsOnlyTheContainersOwnKeyNeverAPodWideOne() {
        PodSandbox pod = TestPods.pod("pod-wide")
                .putAnnotations("ulimits.noderesource.dev/pod", "- {type: nofile, hard: 1}")
                .putAnnotations("ulimits.noderesource.dev", "- {type: nofile, hard: 1}")
                .putAnnotations("ulimits.noderesource.dev/container.other", "- {type: nofile, hard: 1}").build();

        assertThat(rlimits(pod)).isEmpty();
    }

    @Test
    void refusesAnUnknownTypeNamingTheContainerAndTheType() {
        assertThat(refused(pod("bad-type", KEY, "- {type: RLIMIT_NICE, hard: 2}\n- {type: RLIMIT_FOO}")))
                .contains("container default/bad-type/sleep: invalid ulimits annotation")
                .contains("failed to parse type: \"RLIMIT_FOO\"");
    }

    @Test
    void refusesAHardLimitBelowTheSoftOne() {
        String value = "- {type: memlock, hard: 100, soft: 99}\n- {type: nofile, soft: 100}";

        assertThat(refused(pod("hard-below-soft", KEY, value))).contains("container default/hard-below-soft/sleep: "
                + "ulimit \"RLIMIT_NOFILE\" must have hard limit >= soft limit (hard 0, soft 100)");
    }

    @Test
    void reportsABadTypeBeforeABadLimitWhereverItIs() {
        assertThat(refused(pod("type-first", KEY, "- {type: nofile, soft: 100}\n- {type: bogus}")))
                .contains("failed to parse type: \"bogus\"");
    }

    @Test
    void refusesAValueThatIsNoListOfLimits() {
        assertThat(refused(pod("not-a-list", KEY, "{type: nofile}")))
                .contains("invalid ulimits annotation \"{type: nofile}\"").contains("[]main.ulimit");
        assertThat(refused(pod("quoted-number", KEY, "- {type: nofile, hard: '10'}")))
                .contains("cannot unmarshal string into Go struct field ulimit.hard of type uint64");
        assertThat(refused(pod("no-yaml", KEY, "- {type: nofile"))).contains("yaml: line");
    }

    @Test
    void refusesTheSameTypeTwiceAsTheRuntimeWould() {
        assertThat(refused(pod("twice", KEY, "- {type: nofile, hard: 1}\n- {type: NOFILE, hard: 2}")))
                .contains("container default/twice/sleep: rlimit \"RLIMIT_NOFILE\" is already set");
    }

    @Test
    void reportsReadinessLivenessAndMetricsOverHttp() throws Exception {
        PodSandbox pod = pod("probed", KEY, "- {type: nofile, hard: 1}");
        runtime.runContainer(pod, container(pod));
        HttpClient http = HttpClient.newHttpClient();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(get(http, "/actuator/health/readiness")).contains("\"status\":\"UP\""));
        assertThat(get(http, "/actuator/health/liveness")).contains("\"status\":\"UP\"");
        assertThat(get(http, "/actuator/prometheus"))
                .containsPattern("nri_plugin_requests_seconds_count"
                        + "\\{outcome=\"success\",request=\"CreateContainer\"} [1-9]");
    }

    private List<POSIXRlimit> rlimits(PodSandbox pod) {
        return runtime.createContainer(pod, container(pod)).getAdjust().getRlimitsList();
    }

    private String refused(PodSandbox pod) {
        return runtime.createContainerRefused(pod, container(pod));
    }

    private static Container container(PodSandbox pod) {
        return TestPods.container(pod, "sleep").build();
    }

    private static PodSandbox pod(String name, String key, String value) {
        return TestPods.pod(name).putAnnotations(key, value).build();
    }

    private static POSIXRlimit rlimit(String type, long hard, long soft) {
        return POSIXRlimit.newBuilder().setType(type).setHard(hard).setSoft(soft).build();
    }

    private String get(HttpClient http, String path) throws Exception {
        URI uri = URI.create("http://localhost:" + port + path);
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
