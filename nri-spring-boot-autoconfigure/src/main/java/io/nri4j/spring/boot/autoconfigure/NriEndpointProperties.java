package io.nri4j.spring.boot.autoconfigure;

/** {@code nri.endpoint.*}: the {@code nri} actuator endpoint. */
public class NriEndpointProperties {

    /** How many of the latest requests the endpoint lists (0 for none); kept only while the endpoint is exposed. */
    private int recentRequests = 50;

    public int getRecentRequests() {
        return recentRequests;
    }

    public void setRecentRequests(int recentRequests) {
        this.recentRequests = recentRequests;
    }
}
