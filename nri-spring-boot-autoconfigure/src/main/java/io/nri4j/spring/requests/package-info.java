/**
 * How each request the runtime made went, told once for metrics, the {@code nri} actuator
 * endpoint's latest requests and the audit log.
 */
package io.nri4j.spring.requests;
