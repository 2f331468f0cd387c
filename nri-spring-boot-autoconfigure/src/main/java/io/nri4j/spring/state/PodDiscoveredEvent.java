package io.nri4j.spring.state;

import io.nri4j.api.v1alpha1.PodSandbox;

/**
 * A pod the plugin first learnt about from a container event: Synchronize did not list it
 * (upstream issue nri#63: a pod being created while the plugin registers shows up in neither).
 * The pod is in the state view from now on; plugins that keep per-pod state should catch up.
 *
 * @param event the event that revealed the pod, e.g. {@code CreateContainer}
 */
public record PodDiscoveredEvent(PodSandbox pod, String event) {
}
