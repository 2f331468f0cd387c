package io.nri4j.internal.instances;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Properties;

/**
 * An instance of the plugin as it describes itself in its file in the shared directory.
 *
 * @param id random, unique per process
 * @param pid the process id in its own pid namespace (often 1 in a container)
 * @param version the plugin's version, as its application says
 * @param started when the process started
 */
public record PeerInstance(String id, long pid, String version, Instant started) {

    String encode() {
        Properties p = new Properties();
        p.setProperty("id", id);
        p.setProperty("pid", Long.toString(pid));
        p.setProperty("version", version);
        p.setProperty("started", started.toString());
        StringWriter out = new StringWriter();
        try {
            p.store(out, null);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }

    /** The instance a file describes; {@code fallbackId} (the file name) if the file is unreadable. */
    static PeerInstance decode(String text, String fallbackId) {
        Properties p = new Properties();
        try (Reader in = new StringReader(text)) {
            p.load(in);
            return new PeerInstance(p.getProperty("id", fallbackId), Long.parseLong(p.getProperty("pid", "-1")),
                    p.getProperty("version", "unknown"),
                    Instant.parse(p.getProperty("started", "1970-01-01T00:00:00Z")));
        } catch (IOException | RuntimeException e) {
            return new PeerInstance(fallbackId, -1, "unknown", Instant.EPOCH);
        }
    }
}
