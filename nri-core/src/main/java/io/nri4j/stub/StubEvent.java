package io.nri4j.stub;

/** Milestones of a connection, delivered in order to the plugin's listener, off the I/O thread. */
public sealed interface StubEvent {

    /** The socket is open. */
    record Connected(String target) implements StubEvent {
    }

    /** The runtime accepted RegisterPlugin. */
    record Registered(PluginIdentity identity) implements StubEvent {
    }

    /** Configure was answered with this subscription. */
    record Configured(RuntimeInfo runtime, EventMask subscribed) implements StubEvent {
    }

    /** The last Synchronize part was answered; events follow. */
    record Synchronized(int pods, int containers) implements StubEvent {
    }

    /** The runtime sent Shutdown, with a reason on runtimes that give one. */
    record ShutdownRequested(String reason) implements StubEvent {
    }

    /** The connection is gone. */
    record Disconnected(Disconnect disconnect) implements StubEvent {
    }
}
