package io.nri4j.spring.lifecycle;

import io.nri4j.stub.EventMask;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RuntimeInfo;
import java.util.Optional;

/**
 * A milestone of the plugin's connection, published as a Spring application event; listen with
 * {@code @EventListener(NriEvent.Registered.class)} and the like.
 */
public sealed interface NriEvent {

    /** The socket is open. */
    record Connected(String target) implements NriEvent {
    }

    /** The runtime accepted the plugin's registration. */
    record Registered(PluginIdentity identity) implements NriEvent {
    }

    /** Configure and Synchronize are done: the runtime now sends events. */
    record Synchronized(RuntimeInfo runtime, EventMask subscribed, int pods, int containers) implements NriEvent {
    }

    /** The runtime asked the plugin to shut down (draft API), with a reason where given. */
    record Shutdown(String reason) implements NriEvent {
    }

    /** The connection ended. */
    record Disconnected(String reason, Optional<String> shutdownReason, boolean local) implements NriEvent {
    }
}
