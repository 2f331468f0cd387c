package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.EscapeCause;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import java.util.Locale;

/**
 * Where the connection to the runtime is, and which instance of the plugin this is:
 * {@code nri.plugin.connection.state}, {@code nri.plugin.reconnects},
 * {@code nri.plugin.instance.start.time}, {@code nri.plugin.instance.peers}, and the containers
 * that escaped it, {@code nri.containers.escaped} by cause.
 */
public final class ConnectionMetrics implements MeterBinder {

    private final ConnectionState state;
    private final PluginIdentity identity;
    private final PluginInstance instance;

    public ConnectionMetrics(ConnectionState state, PluginIdentity identity, PluginInstance instance) {
        this.state = state;
        this.identity = identity;
        this.instance = instance;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("nri.plugin.connection.state", state, s -> s.status().ordinal())
                .description("Where the plugin is: 0 stopped, 1 connecting, 2 registered, 3 ready, 4 reconnecting")
                .register(registry);
        FunctionCounter.builder("nri.plugin.reconnects", state, ConnectionState::reconnects)
                .description("Established connections to the runtime that were lost")
                .register(registry);
        Gauge.builder("nri.plugin.instance.start.time", instance, i -> i.started().toEpochMilli() / 1000.0)
                .description("When this instance of the plugin started, in seconds since the epoch")
                .tag("plugin", identity.fullName()).tag("instance", instance.id()).tag("version", instance.version())
                .register(registry);
        for (EscapeCause cause : EscapeCause.values()) {
            FunctionCounter.builder("nri.containers.escaped", state, s -> s.escapes().count(cause))
                    .description("Containers the runtime created without the plugin, by cause (preexisting:"
                            + " older than the plugin's first registration on the node, not an escape)")
                    .tag("plugin", identity.fullName()).tag("cause", cause.name().toLowerCase(Locale.ROOT))
                    .register(registry);
        }
        Gauge.builder("nri.plugin.instance.peers", state, s -> s.stub().map(stub -> stub.peers().size()).orElse(0))
                .description("Other instances of the plugin connected to the runtime beside this one")
                .register(registry);
    }
}
