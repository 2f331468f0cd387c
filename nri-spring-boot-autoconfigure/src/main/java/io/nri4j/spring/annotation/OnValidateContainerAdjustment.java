package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles ValidateContainerAdjustment: judge the merged adjustment of all plugins (NRI v0.10.0 and
 * later). Throwing rejects with the exception's message.
 *
 * <p>Parameters, by type, in any order: ValidateContainerAdjustmentRequest, PodSandbox, Container,
 * ContainerAdjustment (the merged one); and, for any handler, {@code RequestContext},
 * {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns: void (accept unless it throws) or
 * {@code ValidationResult}. Several methods may handle one request: they run in {@code @Order} and
 * their results are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnValidateContainerAdjustment {
}
