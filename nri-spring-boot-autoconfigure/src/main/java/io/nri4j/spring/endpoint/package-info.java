/** The {@code nri} actuator endpoint: what an operator looks at to see why the plugin did what it did. */
package io.nri4j.spring.endpoint;
