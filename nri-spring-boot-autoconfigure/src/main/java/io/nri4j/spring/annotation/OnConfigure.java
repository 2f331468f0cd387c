package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Handles Configure: the runtime's facts, once per connection, before Synchronize. May return an
 * {@code EventMask} to subscribe to fewer events.
 *
 * <p>Parameters, by type, in any order: ConfigureRequest, RuntimeInfo, a {@code String} (the raw
 * drop-in configuration), a {@link NriConfig} parameter; and, for any handler,
 * {@code RequestContext}, {@code RuntimeInfo} and a {@link NriConfig} parameter. Returns: void or
 * {@code EventMask}. Several methods may handle one request: they run in {@code @Order} and their
 * results are merged.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface OnConfigure {
}
