package io.nri4j.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a handler parameter that receives the runtime's drop-in configuration for this plugin
 * (the {@code config} of Configure, YAML or JSON), bound to the parameter's type the way Spring
 * Boot binds configuration properties: relaxed names, conversions, nested objects. A runtime
 * passes configuration only to plugins it launches; for others it is empty, and the parameter is
 * an instance with its defaults.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface NriConfig {
}
