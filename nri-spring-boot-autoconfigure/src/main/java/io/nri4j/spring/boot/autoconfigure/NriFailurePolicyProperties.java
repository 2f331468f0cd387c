package io.nri4j.spring.boot.autoconfigure;

/**
 * {@code nri.failure-policy.*}: how the runtime treats this plugin's timeouts (NRI v0.12.4 and
 * later; older runtimes ignore it).
 */
public class NriFailurePolicyProperties {

    /**
     * Whether the runtime fails a request the plugin did not answer in time, instead of going on
     * without it. Unset, true when nri.required is, false otherwise.
     */
    private Boolean failRequest;

    /** Whether the runtime keeps the plugin connected after a timeout, instead of disconnecting it. */
    private Boolean keepConnected;

    public Boolean getFailRequest() {
        return failRequest;
    }

    public void setFailRequest(Boolean failRequest) {
        this.failRequest = failRequest;
    }

    public Boolean getKeepConnected() {
        return keepConnected;
    }

    public void setKeepConnected(Boolean keepConnected) {
        this.keepConnected = keepConnected;
    }
}
