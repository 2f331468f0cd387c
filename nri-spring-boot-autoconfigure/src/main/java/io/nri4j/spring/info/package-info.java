/** The plugin's entry in the actuator's {@code info} endpoint. */
package io.nri4j.spring.info;
