package io.nri4j.internal.enforce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Stops a container by killing its init process, as a runtime's eviction would (a stop with no
 * grace period); the kubelet then starts the container again. Only a process whose cgroup names
 * the container is killed: a PID from the runtime means nothing in another PID namespace.
 *
 * <p>Thread rule: any thread but the event loop (it reads {@code /proc}).
 */
public final class ContainerStopper {

    private final Path proc;

    /** Reading this {@code /proc}; tests pass another. */
    public ContainerStopper(Path proc) {
        this.proc = proc;
    }

    /** The host's {@code /proc}. */
    public static ContainerStopper host() {
        return new ContainerStopper(Path.of("/proc"));
    }

    /**
     * Kills the container's init process.
     *
     * @param containerId the runtime's id of the container
     * @param pid its init process as the runtime reported it; 0 when unknown
     * @return empty when killed; otherwise why not, in one line
     */
    public Optional<String> stop(String containerId, long pid) {
        long target = pid > 0 && belongs(pid, containerId) ? pid : find(containerId);
        if (target <= 0) {
            return Optional.of(pid > 0
                    ? "its process " + pid + " is not in this PID namespace's view of the container (run the plugin"
                            + " with the host's PID namespace, hostPID)"
                    : "no process in " + proc + " belongs to it");
        }
        Optional<ProcessHandle> process = ProcessHandle.of(target);
        if (process.isEmpty()) {
            return Optional.of("its process " + target + " is gone");
        }
        if (!process.get().destroyForcibly()) {
            return Optional.of("cannot kill its process " + target + ": Operation not permitted");
        }
        return Optional.empty();
    }

    private boolean belongs(long pid, String containerId) {
        try {
            return Files.readString(proc.resolve(Long.toString(pid)).resolve("cgroup"), StandardCharsets.UTF_8)
                    .contains(containerId);
        } catch (IOException e) {
            // Gone, or not ours to read: not the container's.
            return false;
        }
    }

    /** The lowest PID whose cgroup names the container: its init process. */
    private long find(String containerId) {
        long lowest = -1;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path entry : entries) {
                long pid;
                try {
                    pid = Long.parseLong(entry.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                if ((lowest < 0 || pid < lowest) && belongs(pid, containerId)) {
                    lowest = pid;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return lowest;
    }
}
