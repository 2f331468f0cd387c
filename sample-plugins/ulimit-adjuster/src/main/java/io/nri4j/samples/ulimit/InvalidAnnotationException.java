package io.nri4j.samples.ulimit;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;

/** A pod annotation the plugin cannot apply: thrown from the handler, it fails CreateContainer. */
final class InvalidAnnotationException extends IllegalArgumentException {

    InvalidAnnotationException(PodSandbox pod, Container container, String message, Throwable cause) {
        super("container " + pod.getNamespace() + "/" + pod.getName() + "/" + container.getName() + ": " + message,
                cause);
    }
}
