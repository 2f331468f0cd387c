package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles StopPodSandbox: a pod is being stopped.
 *
 * <p>Parameters, by type, in any order: StopPodSandboxRequest, PodSandbox; and, for any handler,
 * {@code RequestContext}, {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns: void.
 * Several methods may handle one request: they run in {@code @Order} and their results are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnStopPodSandbox {
}
