package io.nri4j.spring.boot.autoconfigure;

import java.nio.file.Path;

/**
 * {@code nri.instances.*}: instances of this plugin connected to the runtime at the same time, as
 * during a rolling update with surge: each request is handled by exactly one of them.
 */
public class NriInstancesProperties {

    /** Whether instances agree which of them handles each request. */
    private boolean enabled = true;

    /**
     * Where they agree: a directory every instance on the node shares (a hostPath in a
     * DaemonSet), writable by the plugin. Unset: /var/run/nri4j where the plugin may write it,
     * else $XDG_RUNTIME_DIR/nri4j or java.io.tmpdir/nri4j-USER (a local run). Unusable, the plugin
     * runs as if alone and says why.
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
