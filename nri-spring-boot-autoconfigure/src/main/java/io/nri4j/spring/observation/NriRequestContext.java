package io.nri4j.spring.observation;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.requests.Verdict;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestOutcome;
import java.util.List;
import java.util.Map;

/**
 * One request of the runtime, received: its carrier is the ttrpc request's metadata, from which a
 * propagator reads the runtime's {@code traceparent}; once answered, how it went, and the pod and
 * container the request names.
 */
public final class NriRequestContext extends ReceiverContext<Map<String, List<String>>> {

    private final RequestContext request;
    private final String plugin;
    private RequestOutcome outcome;

    /**
     * @param request the request being handled
     * @param plugin the plugin's name
     */
    public NriRequestContext(RequestContext request, String plugin) {
        super(NriRequestContext::first, Kind.SERVER);
        this.request = request;
        this.plugin = plugin;
        setCarrier(request.metadata());
        if (request.runtime() != null) {
            setRemoteServiceName(request.runtime().name());
        }
    }

    private static String first(Map<String, List<String>> metadata, String key) {
        List<String> values = metadata.get(key);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The request being handled. */
    public RequestContext request() {
        return request;
    }

    /** The plugin's name. */
    public String plugin() {
        return plugin;
    }

    /** The pod the request is about; the default (empty) instance when it names none or before the answer. */
    public PodSandbox pod() {
        return outcome == null ? PodSandbox.getDefaultInstance() : outcome.pod();
    }

    /** The container the request is about; the default (empty) instance when it names none or before the answer. */
    public Container container() {
        return outcome == null ? Container.getDefaultInstance() : outcome.container();
    }

    /** How the request went; {@code null} until it was answered. */
    public RequestOutcome outcome() {
        return outcome;
    }

    /** The outcome's verdict in lower case, e.g. {@code adjusted}; {@code unknown} before the answer. */
    public String verdict() {
        return outcome == null ? "unknown" : Verdict.of(outcome).label();
    }

    void answered(RequestOutcome answered) {
        this.outcome = answered;
    }
}
