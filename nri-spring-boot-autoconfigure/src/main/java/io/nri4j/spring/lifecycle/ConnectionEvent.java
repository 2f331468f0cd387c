package io.nri4j.spring.lifecycle;

import java.time.Instant;

/**
 * One step of a connection to the runtime, for the {@code nri} actuator endpoint.
 *
 * @param time when it happened
 * @param event {@code connected}, {@code registered}, {@code configured}, {@code synchronized}
 *     or {@code disconnected}
 * @param detail the socket, the runtime and subscription, the pods and containers synchronized,
 *     or why the connection ended
 */
public record ConnectionEvent(Instant time, String event, String detail) {
}
