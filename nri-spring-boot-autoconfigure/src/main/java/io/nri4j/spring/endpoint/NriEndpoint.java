package io.nri4j.spring.endpoint;

import io.nri4j.spring.info.RuntimeDetails;
import io.nri4j.spring.lifecycle.ConnectionEvent;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.lifecycle.EscapeTally;
import io.nri4j.spring.requests.RecentRequest;
import io.nri4j.spring.requests.RecentRequests;
import io.nri4j.stub.Compatibility;
import io.nri4j.stub.Enforcement;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/nri}: the plugin and this instance of it, the runtime, the subscription and
 * why it is what it is, the latest connection steps, the latest requests and the escaped
 * containers. Not exposed on the web unless {@code management.endpoints.web.exposure.include}
 * names it. The fields are described in the guide (docs/writing-a-plugin.md).
 */
@Endpoint(id = "nri")
public final class NriEndpoint {

    private final ConnectionState state;
    private final PluginIdentity identity;
    private final PluginInstance instance;
    private final Supplier<EventMask> requested;
    private final Supplier<EventMask> planned;
    private final boolean enforcement;
    private final RecentRequests requests;

    /**
     * @param requested the events with a handler method, narrowed by {@code nri.events}
     * @param planned what the plugin asks for when it connects: {@code requested} and the events
     *     enforcement listens to
     * @param enforcement whether the plugin marks the containers it handles
     */
    public NriEndpoint(ConnectionState state, PluginIdentity identity, PluginInstance instance,
            Supplier<EventMask> requested, Supplier<EventMask> planned, boolean enforcement,
            RecentRequests requests) {
        this.state = state;
        this.identity = identity;
        this.instance = instance;
        this.requested = requested;
        this.planned = planned;
        this.enforcement = enforcement;
        this.requests = requests;
    }

    @ReadOperation
    public Map<String, Object> nri() {
        Map<String, Object> nri = new LinkedHashMap<>();
        nri.put("plugin", plugin());
        nri.put("state", state.status().name());
        state.runtime().ifPresent(runtime -> nri.put("runtime", RuntimeDetails.of(runtime)));
        nri.put("subscription", subscription());
        nri.put("connections", state.history().stream().map(NriEndpoint::connection).toList());
        nri.put("requests", requests());
        nri.put("escapes", escapes(state.escapes()));
        return nri;
    }

    private Map<String, Object> plugin() {
        Map<String, Object> plugin = new LinkedHashMap<>();
        plugin.put("name", identity.name());
        plugin.put("index", identity.index());
        plugin.put("fullName", identity.fullName());
        Map<String, Object> self = new LinkedHashMap<>();
        self.put("id", instance.id());
        self.put("version", instance.version());
        self.put("started", instance.started().toString());
        plugin.put("instance", self);
        if (enforcement) {
            // The annotation on every container this plugin handled: its value is the instance id.
            Map<String, Object> marker = new LinkedHashMap<>();
            marker.put("annotation", Enforcement.markerKey(identity.name()));
            marker.put("value", instance.id());
            plugin.put("marker", marker);
        }
        plugin.put("nri4jVersion", Compatibility.nri4jVersion());
        plugin.put("nriVersion", NriVersion.API.toString());
        return plugin;
    }

    private Map<String, Object> subscription() {
        Map<String, Object> s = new LinkedHashMap<>();
        EventMask asked = requested.get();
        s.put("requested", names(asked));
        s.put("addedForEscapeDetection", names(planned.get().without(asked)));
        if (state.runtime().isPresent()) {
            s.put("wanted", names(state.wanted()));
            s.put("leftOut", names(state.leftOut()));
            s.put("subscribed", names(state.subscribed()));
        }
        return s;
    }

    private Map<String, Object> requests() {
        List<RecentRequest> latest = requests.latest();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("capacity", requests.capacity());
        r.put("recorded", requests.recorded());
        r.put("latest", latest.stream().map(RecentRequest::toMap).toList());
        return r;
    }

    private static Map<String, Object> connection(ConnectionEvent e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", e.time().toString());
        m.put("event", e.event());
        m.put("detail", e.detail());
        return m;
    }

    private static Map<String, Object> escapes(EscapeTally tally) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("counts", tally.counts());
        m.put("latest", tally.latest());
        return m;
    }

    private static List<String> names(EventMask events) {
        return events.events().stream().map(EventMask::prettyName).toList();
    }
}
