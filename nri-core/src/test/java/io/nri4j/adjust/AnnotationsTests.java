package io.nri4j.adjust;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.PodSandbox;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnnotationsTests {

    private static final String KEY = "cpu.example.com";

    @Test
    void containerSpecificAnnotationComesFirst() {
        PodSandbox pod = pod(Map.of(KEY + "/container.web", "web", KEY + "/pod", "pod", KEY, "plain"));

        assertThat(Annotations.effective(pod, KEY, "web")).contains("web");
    }

    @Test
    void podAnnotationAppliesToContainersWithoutTheirOwn() {
        PodSandbox pod = pod(Map.of(KEY + "/container.web", "web", KEY + "/pod", "pod", KEY, "plain"));

        assertThat(Annotations.effective(pod, KEY, "db")).contains("pod");
    }

    @Test
    void plainKeyIsTheLastResort() {
        PodSandbox pod = pod(Map.of(KEY + "/container.web", "web", KEY, "plain"));

        assertThat(Annotations.effective(pod, KEY, "db")).contains("plain");
    }

    @Test
    void noMatchingAnnotationIsEmpty() {
        PodSandbox pod = pod(Map.of(KEY + "/container.web", "web", "other", "x"));

        assertThat(Annotations.effective(pod, KEY, "db")).isEmpty();
    }

    private static PodSandbox pod(Map<String, String> annotations) {
        return PodSandbox.newBuilder().setName("p").putAllAnnotations(annotations).build();
    }
}
