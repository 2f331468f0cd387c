package io.nri4j.samples.ulimit;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.test.runtime.TestPods;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/** The module's sample pod file as a test pod (its name and annotations): the tests check the README's example. */
final class SamplePod {

    private SamplePod() {
    }

    @SuppressWarnings("unchecked")
    static PodSandbox read(String file) {
        try {
            Map<String, Object> pod = new Yaml().load(Files.readString(Path.of(file)));
            Map<String, Object> metadata = (Map<String, Object>) pod.get("metadata");
            return TestPods.pod((String) metadata.get("name"))
                    .putAllAnnotations((Map<String, String>) metadata.get("annotations")).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
