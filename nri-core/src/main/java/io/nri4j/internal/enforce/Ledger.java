package io.nri4j.internal.enforce;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which unmarked containers a plugin already reported, and which are older than its first
 * registration on the node. Kept in a file under a host path shared by the plugin's instances
 * (each change under a file lock, written to a temporary file and renamed into place), or in
 * memory when there is none. Pruned at every Synchronize to the containers the runtime still
 * lists, so it never holds more than the node's containers.
 *
 * <p>Thread rule: any thread; calls block on file I/O, so never the event loop.
 */
public final class Ledger {

    /** What a container not handled by the plugin is, for the ledger. */
    public enum Verdict {
        /** Not reported before: report it now. */
        NEW,
        /** Reported before, by this instance or another. */
        KNOWN,
        /** Older than the plugin's first registration on the node, which this reconcile is. */
        PREEXISTING
    }

    private static final String HEADER = "nri4j-ledger 1";
    /** One lock per file within this JVM: a FileLock is held per process, not per thread. */
    private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();

    private final Path file;
    private final Object jvmLock;
    /** In memory only: the state itself. */
    private final Set<String> reported = new HashSet<>();

    private Ledger(Path file) {
        this.file = file;
        this.jvmLock = file == null ? new Object() : JVM_LOCKS.computeIfAbsent(file, f -> new Object());
    }

    /** A ledger that lives as long as this process: it cannot tell pre-existing containers. */
    public static Ledger inMemory() {
        return new Ledger(null);
    }

    /** The plugin's ledger under {@code directory}, created when first written. */
    public static Ledger at(Path directory, String pluginName) {
        return new Ledger(directory.resolve(pluginName).resolve("ledger").toAbsolutePath());
    }

    /** Where it is kept; empty in memory. */
    public String location() {
        return file == null ? "memory" : file.toString();
    }

    /**
     * At a Synchronize: the verdict on each unmarked container, and the ledger pruned to
     * {@code present}, the ids the runtime listed. On the plugin's first registration on the
     * node (no ledger yet), every unmarked container is pre-existing. A new one is not recorded
     * yet: {@link #reported} does that once it was reported and caught up, so that an instance
     * killed in between leaves it to the next one.
     *
     * @throws IOException if the ledger cannot be read or written
     */
    public Map<String, Verdict> reconcile(Collection<String> unmarked, Set<String> present) throws IOException {
        synchronized (jvmLock) {
            if (file == null) {
                Map<String, Verdict> verdicts = new LinkedHashMap<>();
                for (String id : unmarked) {
                    verdicts.put(id, reported.contains(id) ? Verdict.KNOWN : Verdict.NEW);
                }
                reported.retainAll(present);
                return verdicts;
            }
            try (FileChannel lock = lockFile(); FileLock held = lock.lock()) {
                State state = read();
                Map<String, Verdict> verdicts = new LinkedHashMap<>();
                for (String id : unmarked) {
                    if (state == null) {
                        verdicts.put(id, Verdict.PREEXISTING);
                    } else if (state.preexisting.contains(id)) {
                        verdicts.put(id, Verdict.KNOWN);
                    } else {
                        verdicts.put(id, state.reported.contains(id) ? Verdict.KNOWN : Verdict.NEW);
                    }
                }
                State next = state == null ? new State(new HashSet<>(unmarked), new HashSet<>()) : state;
                next.preexisting.retainAll(present);
                next.reported.retainAll(present);
                write(next);
                return verdicts;
            }
        }
    }

    /**
     * An unmarked container seen outside Synchronize: whether the ledger knows it (reported or
     * pre-existing).
     *
     * @throws IOException if the ledger cannot be read
     */
    public boolean knows(String id) throws IOException {
        synchronized (jvmLock) {
            if (file == null) {
                return reported.contains(id);
            }
            try (FileChannel lock = lockFile(); FileLock held = lock.lock()) {
                State state = read();
                return state != null && (state.preexisting.contains(id) || state.reported.contains(id));
            }
        }
    }

    /**
     * Records containers as reported, once their report and catch-up are done.
     *
     * @throws IOException if the ledger cannot be read or written
     */
    public void reported(Collection<String> ids) throws IOException {
        synchronized (jvmLock) {
            if (file == null) {
                reported.addAll(ids);
                return;
            }
            try (FileChannel lock = lockFile(); FileLock held = lock.lock()) {
                State state = read();
                State next = state == null ? new State(new HashSet<>(), new HashSet<>()) : state;
                if (next.reported.addAll(ids)) {
                    write(next);
                }
            }
        }
    }

    private record State(Set<String> preexisting, Set<String> reported) {
    }

    private FileChannel lockFile() throws IOException {
        Files.createDirectories(file.getParent());
        return FileChannel.open(file.resolveSibling("ledger.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
    }

    /** Null when there is no ledger yet. A damaged one counts as empty: unmarked is then an escape. */
    private State read() throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        State state = new State(new HashSet<>(), new HashSet<>());
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            return state;
        }
        for (String line : lines.subList(1, lines.size())) {
            if (line.startsWith("p ")) {
                state.preexisting.add(line.substring(2));
            } else if (line.startsWith("r ")) {
                state.reported.add(line.substring(2));
            }
        }
        return state;
    }

    private void write(State state) throws IOException {
        List<String> lines = new ArrayList<>(1 + state.preexisting.size() + state.reported.size());
        lines.add(HEADER);
        state.preexisting.forEach(id -> lines.add("p " + id));
        state.reported.forEach(id -> lines.add("r " + id));
        Path tmp = file.resolveSibling("ledger.tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
