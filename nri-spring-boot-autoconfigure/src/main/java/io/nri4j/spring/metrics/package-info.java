/** Micrometer meters of the plugin: request timers, counters, the connection state. */
package io.nri4j.spring.metrics;
