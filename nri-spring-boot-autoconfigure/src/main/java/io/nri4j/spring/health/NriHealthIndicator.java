package io.nri4j.spring.health;

import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.lifecycle.EscapeTally;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import java.util.Map;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** UP once the plugin is registered, synchronized and connected; details say where it is. */
public final class NriHealthIndicator extends AbstractHealthIndicator {

    private final ConnectionState state;
    private final PluginIdentity identity;
    private final PluginInstance instance;

    public NriHealthIndicator(ConnectionState state, PluginIdentity identity, PluginInstance instance) {
        super("NRI health check failed");
        this.state = state;
        this.identity = identity;
        this.instance = instance;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (state.ready()) {
            builder.up();
        } else {
            builder.down();
        }
        builder.withDetail("state", state.status().name())
                .withDetail("plugin", identity.fullName())
                .withDetail("instance", describe(instance));
        // During a rolling update: the other instances connected beside this one.
        state.stub().map(NriStub::peers).filter(peers -> !peers.isEmpty()).ifPresent(peers ->
                builder.withDetail("peers", peers.stream().map(NriHealthIndicator::describe).toList()));
        state.runtime().ifPresent(runtime -> {
            builder.withDetail("runtime", runtime.name() + " " + runtime.version());
            builder.withDetail("runtimeNriVersion", runtime.nriVersion().map(Object::toString).orElse("unknown")
                    + (runtime.nriVersionInferred() && runtime.nriVersion().isPresent() ? " (inferred)" : ""));
            // Before NRI v0.12.0 runtimes do not say: what the subscription was based on instead.
            builder.withDetail("nriVersionInferred", runtime.nriVersionInferred());
            runtime.assumedNriVersion().ifPresent(v -> builder.withDetail("nriVersionAssumed", v.toString()));
            builder.withDetail("requestTimeout", runtime.requestTimeout().toString());
        });
        builder.withDetail("pluginNriVersion", NriVersion.API.toString());
        builder.withDetail("subscribedEvents", state.subscribed().toString());
        state.connectedSince().ifPresent(since -> builder.withDetail("connectedSince", since.toString()));
        state.lastRequest().ifPresent(last -> builder.withDetail("lastRequest", last.toString()));
        state.lastDisconnect().ifPresent(reason -> builder.withDetail("lastDisconnect", reason));
        builder.withDetail("reconnects", state.reconnects());
        escapes(state.escapes(), builder);
        if (!state.ready()) {
            builder.withDetail("unavailableFor", state.unavailableFor().toString());
        }
    }

    private static Map<String, String> describe(PluginInstance i) {
        return Map.of("id", i.id(), "version", i.version(), "started", i.started().toString());
    }

    private static void escapes(EscapeTally tally, Health.Builder builder) {
        Map<String, Long> counts = tally.counts();
        if (!counts.isEmpty()) {
            builder.withDetail("escapedContainers", counts);
            builder.withDetail("latestEscapes", tally.latest());
        }
    }
}
