package io.nri4j.stub;

/** Milestones of a connection, delivered in order to the plugin's listener, off the I/O thread. */
public sealed interface StubEvent {

    /**
     * The socket is open.
     *
     * @param target the socket path, or the inherited file descriptor
     */
    record Connected(String target) implements StubEvent {
    }

    /**
     * The runtime accepted RegisterPlugin.
     *
     * @param identity the name and index registered
     */
    record Registered(PluginIdentity identity) implements StubEvent {
    }

    /**
     * Configure was answered with this subscription.
     *
     * @param runtime what the runtime said about itself
     * @param subscribed the events subscribed to
     */
    record Configured(RuntimeInfo runtime, EventMask subscribed) implements StubEvent {
    }

    /**
     * The last Synchronize part was answered; events follow.
     *
     * @param pods how many pods the runtime reported
     * @param containers how many containers it reported
     */
    record Synchronized(int pods, int containers) implements StubEvent {
    }

    /**
     * The runtime sent Shutdown.
     *
     * @param reason why, on runtimes that give one; empty otherwise
     */
    record ShutdownRequested(String reason) implements StubEvent {
    }

    /**
     * The connection is gone.
     *
     * @param disconnect how it ended
     */
    record Disconnected(Disconnect disconnect) implements StubEvent {
    }
}
