package io.nri4j.stub;

import io.nri4j.internal.instances.Coordinator;
import io.nri4j.internal.instances.PeerInstance;
import io.nri4j.internal.instances.Turn;
import io.nri4j.internal.log.Causes;
import io.nri4j.internal.log.RateLimitedLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stub's part in sharing requests with the other instances of its plugin (internal): joined
 * before dialing, asked per request, left when the connection has ended. Without a directory,
 * or if joining fails, the stub is alone as far as it knows.
 */
final class StubInstances {

    // The stub's logger: these lines belong to the plugin's connection.
    private static final Logger log = LoggerFactory.getLogger(NriStub.class);
    /** A reconnecting plugin would say it again on every attempt. */
    private static final RateLimitedLog JOIN_FAILURES = new RateLimitedLog(log);
    /** Longest a graceful stop waits for the runtime to ask another instance. */
    private static final Duration MAX_HANDOVER = Duration.ofSeconds(5);

    private volatile Coordinator coordinator;

    /**
     * Before dialing, so that instances already connected coordinate with this one from its
     * first request on. Failing that, the plugin still serves, alone as far as it knows.
     */
    void join(NriPlugin plugin, String fullName, String socket) {
        Path root = plugin.instancesDirectory().orElse(null);
        if (root == null) {
            return;
        }
        PluginInstance self = plugin.instance();
        try {
            coordinator = Coordinator.join(root, fullName, socket,
                    new PeerInstance(self.id(), ProcessHandle.current().pid(), self.version(), self.started()));
        } catch (IOException | RuntimeException e) {
            JOIN_FAILURES.warn("instances", "cannot share requests with other instances of plugin {} through {}: {};"
                    + " two instances connected at once would both handle every request", fullName, root,
                    Causes.describe(e));
        }
    }

    boolean joined() {
        return coordinator != null;
    }

    /** Whether this instance handles the request; alone, always. */
    Turn turn(Supplier<String> key) {
        Coordinator c = coordinator;
        return c == null ? Turn.ALONE : c.turn(key);
    }

    /** The Synchronize request of this connection arrived. */
    void synchronizing() {
        Coordinator c = coordinator;
        if (c != null) {
            c.synchronizing();
        }
    }

    /** The other instances connected to the same runtime, as of the last request. */
    List<PluginInstance> peers() {
        Coordinator c = coordinator;
        return c == null ? List.of() : c.peers().stream()
                .map(p -> new PluginInstance(p.id(), p.version(), p.started())).toList();
    }

    /**
     * Before a graceful stop: waits, at most half the grace period or 5 s, until a peer has been
     * asked a request (another instance may have just turned ready: serve on until the runtime
     * asks it).
     */
    Optional<PeerInstance> awaitHandover(Duration grace) {
        Coordinator c = coordinator;
        if (c == null) {
            return Optional.empty();
        }
        Duration half = grace.dividedBy(2);
        return c.awaitPeerListed(half.compareTo(MAX_HANDOVER) < 0 ? half : MAX_HANDOVER);
    }

    /** Leaves, once the connection has ended: while connected, even draining, it may hold claims. */
    void leave() {
        Coordinator c = coordinator;
        if (c != null) {
            c.close();
        }
    }
}
