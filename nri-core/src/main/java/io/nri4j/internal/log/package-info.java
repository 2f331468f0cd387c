/**
 * <em>Internal</em>: not part of nri4j's API, and may change in any release.
 *
 * <p>Logging what the runtime sends without letting it write the log: text from the wire is
 * escaped and cut before it reaches a log line or an error message
 * ({@link io.nri4j.internal.log.WireText}), a failure is told in its root cause's words
 * ({@link io.nri4j.internal.log.Causes}), and a cause the runtime can repeat at will is logged at
 * most once per window ({@link io.nri4j.internal.log.RateLimitedLog}).
 */
package io.nri4j.internal.log;
