package io.nri4j.spring.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/** Configuration of the application's NRI plugin. */
@ConfigurationProperties("nri")
public class NriProperties {

    /** Whether the application connects to the container runtime as an NRI plugin. */
    private boolean enabled = true;

    /**
     * The runtime's NRI socket. Ignored when the runtime launched the plugin and passed a socket
     * in NRI_PLUGIN_SOCKET.
     */
    private Path socketPath = Path.of("/var/run/nri/nri.sock");

    /**
     * Events to subscribe to, by upstream name, comma separated (e.g. "createcontainer,stopcontainer",
     * "pod", "container"). Empty subscribes to every event with a handler method.
     */
    private String events = "";

    /**
     * Whether no container may be created without this plugin (fail-closed): the plugin asks the
     * runtime to fail a request it does not answer in time (nri.failure-policy.fail-request
     * defaults to true), and warns at Configure when the runtime's NRI cannot do its part. The
     * runtime refuses containers while the plugin is absent only when its default validator
     * requires the plugin (see docs/guarantees.md, "Fail-closed").
     */
    private boolean required;

    /** How long to wait for the runtime to accept the plugin's registration. */
    private Duration registrationTimeout = Duration.ofSeconds(5);

    @NestedConfigurationProperty
    private final NriPluginProperties plugin = new NriPluginProperties();

    @NestedConfigurationProperty
    private final NriReconnectProperties reconnect = new NriReconnectProperties();

    @NestedConfigurationProperty
    private final NriShutdownProperties shutdown = new NriShutdownProperties();

    @NestedConfigurationProperty
    private final NriHandlerProperties handler = new NriHandlerProperties();

    @NestedConfigurationProperty
    private final NriHealthProperties health = new NriHealthProperties();

    @NestedConfigurationProperty
    private final NriStateProperties state = new NriStateProperties();

    @NestedConfigurationProperty
    private final NriFailurePolicyProperties failurePolicy = new NriFailurePolicyProperties();

    @NestedConfigurationProperty
    private final NriInstancesProperties instances = new NriInstancesProperties();
    private final NriEnforcementProperties enforcement = new NriEnforcementProperties();

    @NestedConfigurationProperty
    private final NriLimitsProperties limits = new NriLimitsProperties();

    @NestedConfigurationProperty
    private final NriAdjustmentsProperties adjustments = new NriAdjustmentsProperties();

    @NestedConfigurationProperty
    private final NriEndpointProperties endpoint = new NriEndpointProperties();

    @NestedConfigurationProperty
    private final NriAuditProperties audit = new NriAuditProperties();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Path getSocketPath() {
        return socketPath;
    }

    public void setSocketPath(Path socketPath) {
        this.socketPath = socketPath;
    }

    public String getEvents() {
        return events;
    }

    public void setEvents(String events) {
        this.events = events;
    }

    public boolean isRequired() {
        return required;
    }

    public void setRequired(boolean required) {
        this.required = required;
    }

    public Duration getRegistrationTimeout() {
        return registrationTimeout;
    }

    public void setRegistrationTimeout(Duration registrationTimeout) {
        this.registrationTimeout = registrationTimeout;
    }

    public NriPluginProperties getPlugin() {
        return plugin;
    }

    public NriReconnectProperties getReconnect() {
        return reconnect;
    }

    public NriShutdownProperties getShutdown() {
        return shutdown;
    }

    public NriHandlerProperties getHandler() {
        return handler;
    }

    public NriHealthProperties getHealth() {
        return health;
    }

    public NriStateProperties getState() {
        return state;
    }

    public NriFailurePolicyProperties getFailurePolicy() {
        return failurePolicy;
    }

    public NriInstancesProperties getInstances() {
        return instances;
    }

    public NriEnforcementProperties getEnforcement() {
        return enforcement;
    }

    public NriLimitsProperties getLimits() {
        return limits;
    }

    public NriAdjustmentsProperties getAdjustments() {
        return adjustments;
    }

    public NriEndpointProperties getEndpoint() {
        return endpoint;
    }

    public NriAuditProperties getAudit() {
        return audit;
    }
}
