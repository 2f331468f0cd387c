package io.nri4j.internal.enforce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stops a container by killing its init process, as a runtime's eviction would (a stop with no
 * grace period); the kubelet then starts the container again. Only a process in the
 * container's own cgroup is killed: a PID from the runtime means nothing in another PID
 * namespace, and a runtime's monitor of the container (CRI-O's conmon, in
 * {@code crio-conmon-<id>.scope}) names the container too. The container the plugin itself
 * runs in is never stopped.
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
     * @param pid its init process as the runtime reported it; 0 when unknown (CRI-O's Synchronize)
     * @return empty when killed; otherwise why not, in one line
     */
    public Optional<String> stop(String containerId, long pid) {
        // A plugin created while it was down (its own pod, with no other instance up) escaped itself.
        if (runsIn(containerId)) {
            return Optional.of("the plugin runs in it");
        }
        long target = pid > 0 && inContainer(pid, containerId) ? pid : find(containerId);
        if (target <= 0) {
            return Optional.of(pid > 0
                    ? "its process " + pid + " is not in this PID namespace's view of the container (run the plugin"
                            + " with the host's PID namespace, hostPID)"
                    : "no process in " + proc + " is in its cgroup (run the plugin with the host's PID namespace,"
                            + " hostPID)");
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

    /**
     * Whether a cgroup path's last element is the container's own: {@code <id>} (containerd,
     * cgroupfs), {@code crio-<id>} (CRI-O, cgroupfs), {@code <prefix>-<id>.scope} (systemd:
     * {@code cri-containerd-}, {@code crio-}), but not CRI-O's {@code crio-conmon-<id>[.scope]}.
     */
    static boolean ownCgroup(String path, String containerId) {
        String leaf = path.substring(path.lastIndexOf('/') + 1);
        if (leaf.equals(containerId)) {
            return true;
        }
        String unit = leaf.endsWith(".scope") ? leaf.substring(0, leaf.length() - ".scope".length()) : leaf;
        return unit.endsWith("-" + containerId) && !unit.contains("conmon");
    }

    /** Whether this process runs in the container: the plugin's own, never an escape to act on. */
    public boolean runsIn(String containerId) {
        return inContainer(ProcessHandle.current().pid(), containerId);
    }

    private boolean inContainer(long pid, String containerId) {
        try {
            for (String line : Files.readAllLines(proc.resolve(Long.toString(pid)).resolve("cgroup"),
                    StandardCharsets.UTF_8)) {
                int colon = line.indexOf(':', line.indexOf(':') + 1);
                if (colon >= 0 && ownCgroup(line.substring(colon + 1), containerId)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            // Gone, or not ours to read: not the container's.
            return false;
        }
    }

    /** The process of the container's cgroup whose parent is not in it: its init process. */
    private long find(String containerId) {
        Map<Long, Long> parents = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path entry : entries) {
                long pid;
                try {
                    pid = Long.parseLong(entry.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                if (inContainer(pid, containerId)) {
                    parents.put(pid, parent(pid));
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return parents.entrySet().stream().filter(e -> !parents.containsKey(e.getValue()))
                .mapToLong(Map.Entry::getKey).min().orElse(-1);
    }

    /** The parent's PID from {@code /proc/<pid>/stat} (after the command's closing parenthesis); 0 if unknown. */
    private long parent(long pid) {
        try {
            String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[1]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
