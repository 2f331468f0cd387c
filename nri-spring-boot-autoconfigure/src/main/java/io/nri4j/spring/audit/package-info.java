/**
 * The audit log ({@code nri.audit.enabled}): one line per request on the logger
 * {@code io.nri4j.audit}, environment values redacted, rate-limited.
 */
package io.nri4j.spring.audit;
