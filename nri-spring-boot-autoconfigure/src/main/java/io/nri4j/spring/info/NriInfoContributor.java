package io.nri4j.spring.info;

import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RuntimeInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * The plugin under {@code nri} in {@code /actuator/info}: its identity, whether it is required
 * ({@code nri.required}), the events it subscribes
 * to, and, once a runtime has configured it, that runtime and its NRI version (as reported, or
 * inferred from the runtime's version for runtimes before NRI v0.12.0).
 */
public final class NriInfoContributor implements InfoContributor {

    private final ConnectionState state;
    private final PluginIdentity identity;
    private final Supplier<EventMask> subscription;
    private final boolean required;

    /**
     * @param subscription what the plugin subscribes to when it connects
     * @param required whether the plugin is required (fail-closed)
     */
    public NriInfoContributor(ConnectionState state, PluginIdentity identity, Supplier<EventMask> subscription,
            boolean required) {
        this.state = state;
        this.identity = identity;
        this.subscription = subscription;
        this.required = required;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Object> nri = new LinkedHashMap<>();
        Map<String, Object> plugin = new LinkedHashMap<>();
        plugin.put("name", identity.name());
        plugin.put("index", identity.index());
        plugin.put("fullName", identity.fullName());
        plugin.put("required", required);
        nri.put("plugin", plugin);
        nri.put("state", state.status().name());
        RuntimeInfo runtime = state.runtime().orElse(null);
        // Configure may have narrowed the subscription; before it, what the plugin will ask for.
        EventMask subscribed = runtime == null ? subscription.get() : state.subscribed();
        nri.put("subscribedEvents", subscribed.events().stream().map(EventMask::prettyName).toList());
        nri.put("pluginNriVersion", NriVersion.API.toString());
        if (runtime != null) {
            nri.put("runtime", RuntimeDetails.of(runtime));
        }
        builder.withDetail("nri", nri);
    }
}
