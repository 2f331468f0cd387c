package io.nri4j.samples.devices;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoText;
import io.nri4j.samples.goyaml.GoYaml;
import io.nri4j.samples.goyaml.InvalidAnnotationException;
import java.util.Optional;
import java.util.function.Function;

/** A pod's annotations, read for one of its containers; errors name the container and the value. */
final class PodAnnotations {

    private final PodSandbox pod;
    private final Container container;

    PodAnnotations(PodSandbox pod, Container container) {
        this.pod = pod;
        this.container = container;
    }

    /** The annotation of this kind that applies to the container, decoded; empty if there is none. */
    <T> Optional<T> read(Kind kind, Function<Object, T> decode) {
        Optional<String> value = kind.value(pod.getAnnotationsMap(), container.getName());
        try {
            return value.map(text -> decode.apply(GoYaml.parse(text)));
        } catch (GoDecodeException e) {
            throw refused("invalid " + kind.what() + " annotation " + GoText.quote(value.orElseThrow()) + ": "
                    + e.getMessage(), e);
        }
    }

    /** A failure for this container; its message names the container. */
    InvalidAnnotationException refused(String message, Exception cause) {
        return new InvalidAnnotationException(pod, container, message, cause);
    }

    /** The container, as {@code namespace/pod/container}, for log lines. */
    String container() {
        return pod.getNamespace() + "/" + pod.getName() + "/" + container.getName();
    }
}
