package io.nri4j.spring.info;

import io.nri4j.stub.RuntimeInfo;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The runtime as {@code /actuator/info} and {@code /actuator/nri} show it: its name and version,
 * and its NRI version as reported, or inferred from its release for runtimes before NRI v0.12.0
 * ({@code nriVersionInferred}; {@code nriVersionAssumed} is what the plugin then works with).
 */
public final class RuntimeDetails {

    private RuntimeDetails() {
    }

    /** The details, in a fixed order. */
    public static Map<String, Object> of(RuntimeInfo runtime) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("name", runtime.name());
        details.put("version", runtime.version());
        details.put("nriVersion", runtime.nriVersion().map(Object::toString).orElse("unknown"));
        String reported = runtime.reportedNriVersion();
        details.put("reportedNriVersion", reported.isEmpty() ? "none" : reported);
        details.put("nriVersionInferred", runtime.nriVersionInferred());
        runtime.assumedNriVersion().ifPresent(v -> details.put("nriVersionAssumed", v.toString()));
        details.put("requestTimeout", runtime.requestTimeout().toString());
        return details;
    }
}
