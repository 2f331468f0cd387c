package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles CreateContainer: a container is being created; the only event that may adjust it.
 *
 * <p>Parameters, by type, in any order: CreateContainerRequest, PodSandbox, Container; and, for any
 * handler, {@code RequestContext}, {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns:
 * void, {@code CreateContainerResult}, {@code Adjustment}, {@code ContainerAdjustment}. Several
 * methods may handle one request: they run in {@code @Order} and their results are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnCreateContainer {
}
