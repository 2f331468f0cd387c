package io.nri4j.samples.goyaml;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;

/** A pod annotation the plugin cannot apply: thrown from the handler, it fails CreateContainer. */
public final class InvalidAnnotationException extends IllegalArgumentException {

    public InvalidAnnotationException(PodSandbox pod, Container container, String message, Throwable cause) {
        super("container " + pod.getNamespace() + "/" + pod.getName() + "/" + container.getName() + ": " + message,
                cause);
    }
}
