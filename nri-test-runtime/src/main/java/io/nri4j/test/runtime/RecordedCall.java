package io.nri4j.test.runtime;

import java.util.Optional;

/**
 * A ttrpc call as the runtime saw it.
 *
 * @param method the method, e.g. {@code CreateContainer}; a legacy {@code StateChange} as
 *     {@code StateChange:START_CONTAINER}
 * @param toPlugin whether the runtime called the plugin (otherwise the plugin called the runtime)
 * @param error the call's error, if it failed
 */
public record RecordedCall(String method, boolean toPlugin, Optional<String> error) {
}
