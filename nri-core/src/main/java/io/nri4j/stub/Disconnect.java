package io.nri4j.stub;

import java.util.Optional;

/**
 * How a connection ended.
 *
 * @param reason what happened, for people
 * @param shutdownReason the reason of a runtime Shutdown request, if one came
 * @param cause the failure behind it, if any
 * @param local whether the plugin closed the connection itself
 */
public record Disconnect(String reason, Optional<String> shutdownReason, Optional<Throwable> cause,
        boolean local) {
}
