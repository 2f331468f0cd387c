package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles a container that escaped the plugin: the runtime created it without the plugin's
 * CreateContainer (the plugin was down, or registering, or too late), or it is older than the
 * plugin's first registration on the node ({@code EscapeCause.PREEXISTING}). Called once per
 * container, after the handshake, outside any request of the runtime (see {@code nri.enforcement.*}).
 *
 * <p>Parameters, by type, in any order: EscapedContainer, Container, PodSandbox, EscapeCause.
 * Returns: void (leave it), {@code Update} (sent with UpdateContainers) or {@code CatchUp}
 * ({@code CatchUp.evict(reason)} stops the container so that the kubelet creates it again,
 * through the plugin). With several methods, an eviction wins, and updates are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnEscapedContainer {
}
