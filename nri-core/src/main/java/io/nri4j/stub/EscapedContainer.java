package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;

/**
 * A container the runtime reports that the plugin did not handle at creation.
 *
 * @param pod its pod; the default instance when the runtime did not list it
 * @param container the container as the runtime reported it
 * @param cause why the plugin did not handle it
 */
public record EscapedContainer(PodSandbox pod, Container container, EscapeCause cause) {

    /** {@code namespace/pod/container}, for log lines. */
    public String describe() {
        return pod.getNamespace() + "/" + pod.getName() + "/" + container.getName();
    }
}
