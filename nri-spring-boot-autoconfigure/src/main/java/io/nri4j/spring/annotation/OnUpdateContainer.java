package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles UpdateContainer: a container's resources are being updated; updates for it replace the
 * requested ones.
 *
 * <p>Parameters, by type, in any order: UpdateContainerRequest, PodSandbox, Container,
 * LinuxResources (the requested ones); and, for any handler, {@code RequestContext},
 * {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns: void,
 * {@code UpdateContainerResult}, {@code List<ContainerUpdate>}, {@code List<Update>}. Several
 * methods may handle one request: they run in {@code @Order} and their results are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnUpdateContainer {
}
