/**
 * Health: the {@code nri} contributor is UP when the plugin is registered, synchronized and
 * connected, and belongs to the readiness group by default; liveness turns DOWN only when the
 * plugin has had no usable connection for longer than a window (see the lifecycle).
 */
package io.nri4j.spring.health;
