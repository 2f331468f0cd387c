package io.nri4j.stub;

import java.util.List;

/**
 * Milestones of a connection, in order, and adjustments the runtime drops, off the I/O thread:
 * told to the plugin's listener ({@link NriPlugin.Builder#listener}), and published as
 * application events by the Spring Boot starter ({@code @EventListener(NriEvent.Synchronized.class)}
 * and the like).
 */
public sealed interface NriEvent {

    /**
     * The socket is open.
     *
     * @param target the socket path, or the inherited file descriptor
     */
    record Connected(String target) implements NriEvent {
    }

    /**
     * The runtime accepted RegisterPlugin.
     *
     * @param identity the name and index registered
     */
    record Registered(PluginIdentity identity) implements NriEvent {
    }

    /**
     * Configure was answered with this subscription.
     *
     * @param runtime what the runtime said about itself
     * @param subscribed the events subscribed to
     * @param wanted the events the plugin wanted: its subscription, or what its Configure handler
     *     narrowed it to
     * @param leftOut the wanted events left out because the runtime's NRI version (reported,
     *     inferred or assumed) does not know them
     */
    record Configured(RuntimeInfo runtime, EventMask subscribed, EventMask wanted, EventMask leftOut)
            implements NriEvent {

        /** Subscribed to all the plugin wanted. */
        public Configured(RuntimeInfo runtime, EventMask subscribed) {
            this(runtime, subscribed, subscribed, EventMask.NONE);
        }
    }

    /**
     * The last Synchronize part was answered: the runtime now sends events.
     *
     * @param runtime what the runtime said about itself in Configure
     * @param subscribed the events subscribed to
     * @param pods how many pods the runtime reported
     * @param containers how many containers it reported
     */
    record Synchronized(RuntimeInfo runtime, EventMask subscribed, int pods, int containers) implements NriEvent {
    }

    /**
     * A CreateContainer reply went out with fields the runtime's NRI version ignores: the
     * container is created without them. Told for every such reply under
     * {@link UnsupportedAdjustments#WARN}.
     *
     * @param containerId the container being created
     * @param fields the ignored fields, by dotted proto name (e.g. {@code args}, {@code linux.sysctl})
     * @param runtime what the runtime said about itself in Configure
     */
    record AdjustmentFieldsIgnored(String containerId, List<String> fields, RuntimeInfo runtime)
            implements NriEvent {

        /** The fields are copied. */
        public AdjustmentFieldsIgnored {
            fields = List.copyOf(fields);
        }
    }

    /**
     * The runtime sent Shutdown.
     *
     * @param reason why, on runtimes that give one; empty otherwise
     */
    record ShutdownRequested(String reason) implements NriEvent {
    }

    /**
     * The connection is gone.
     *
     * @param disconnect how it ended
     */
    record Disconnected(Disconnect disconnect) implements NriEvent {
    }

    /**
     * A container the runtime reports was not created through the plugin: found in a
     * Synchronize or in a later event, told once (see {@link Enforcement}).
     *
     * @param escaped the container, its pod, and why
     */
    record ContainerEscaped(EscapedContainer escaped) implements NriEvent {
    }
}
