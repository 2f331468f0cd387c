package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.PodSandbox;
import java.util.Map;
import java.util.Optional;

/** Reading plugin settings from pod annotations the way upstream plugins do. */
public final class Annotations {

    private Annotations() {
    }

    /**
     * The pod annotation that applies to one container: {@code key/container.<name>} first, then
     * {@code key/pod}, then {@code key}.
     */
    public static Optional<String> effective(PodSandbox pod, String key, String containerName) {
        Map<String, String> annotations = pod.getAnnotationsMap();
        for (String candidate : new String[] {key + "/container." + containerName, key + "/pod", key}) {
            String value = annotations.get(candidate);
            if (value != null) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
