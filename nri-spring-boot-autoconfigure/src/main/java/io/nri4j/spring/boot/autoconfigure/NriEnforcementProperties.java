package io.nri4j.spring.boot.autoconfigure;

import java.nio.file.Path;

/**
 * {@code nri.enforcement.*}: whether the plugin marks the containers it creates and reports those
 * that escaped it (see {@code io.nri4j.stub.Enforcement}).
 */
public class NriEnforcementProperties {

    /** Whether to mark handled containers and report the others (plugins with a CreateContainer handler). */
    private boolean enabled = true;

    /**
     * Where the ledger of reported and pre-existing containers lives: a host path that survives
     * reboots, shared by the plugin's instances (the chart mounts {@code /var/lib/nri4j}). Unset,
     * the plugin remembers for the life of its process: each restart reports the escapes again,
     * and containers older than the plugin count as escaped. Unusable, it says so once per minute.
     */
    private Path directory;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Path getDirectory() {
        return directory;
    }

    public void setDirectory(Path directory) {
        this.directory = directory;
    }
}
