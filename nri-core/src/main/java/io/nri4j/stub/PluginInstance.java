package io.nri4j.stub;

import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One running instance of a plugin: during a rolling update two instances with the same name
 * and index are connected to the runtime at once.
 *
 * @param id random, unique per process: in a container the process id is often 1 in every instance
 * @param version the plugin's version, {@code unknown} if the application does not say
 * @param started when this instance was made
 */
public record PluginInstance(String id, String version, Instant started) {

    /** A new instance of {@code version}, started now. */
    public static PluginInstance startingNow(String version) {
        byte[] id = new byte[6];
        ThreadLocalRandom.current().nextBytes(id);
        return new PluginInstance(HexFormat.of().formatHex(id), version == null || version.isBlank() ? "unknown"
                : version.strip().replaceAll("\\s+", "_"), Instant.now());
    }
}
