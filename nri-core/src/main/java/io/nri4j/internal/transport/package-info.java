/**
 * <em>Internal</em>: not part of nri4j's API, and may change in any release.
 *
 * <p>The trunk: a Unix stream socket under Netty's epoll transport, either dialled at the runtime's
 * socket path or adopted from the descriptor a runtime passes to a plugin it launched.
 * One small shared event loop serves every trunk of the process; where the handlers run on nri4j's
 * own pool, their threads read the socket themselves ({@link io.nri4j.internal.transport.Readiness}).
 */
package io.nri4j.internal.transport;
