package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles PostUpdatePodSandbox: a pod's resources were updated (NRI v0.10.0 and later).
 *
 * <p>Parameters, by type, in any order: PostUpdatePodSandboxRequest, PodSandbox; and, for any
 * handler, {@code RequestContext}, {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns:
 * void. Several methods may handle one request: they run in {@code @Order} and their results are
 * merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnPostUpdatePodSandbox {
}
