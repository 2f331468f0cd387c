package io.nri4j.internal.instances;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's part in agreeing with the other instances of its plugin, connected to the same
 * runtime, which of them handles each request. The runtime asks connected plugins one after
 * another, one request at a time; the first instance asked claims the request, the others see
 * the claim and answer as if absent. An instance asked after a claimant that never answered
 * (killed, or timed out) takes the request over.
 *
 * <p>Layout of the directory, shared by the instances (a host path in a DaemonSet):
 * {@code state} and {@code lock} ({@link SharedCounters}), {@code instances/} and
 * {@code listed/} ({@link InstanceFiles}), {@code rounds/} ({@link RoundFiles}). The last instance
 * to leave removes it (see {@link SharedCounters}): a plugin run on a workstation leaves nothing
 * behind, and a restarted pod starts from an empty directory, as after a reboot.
 *
 * <p>Thread rule: the public methods are called from handler threads; alone, a request costs
 * one read of the mapped epoch on the caller's thread. Everything else runs on the instance's
 * {@link FileThread}, and the fields below the volatile ones are that thread's alone.
 */
public final class Coordinator implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);
    private static final long RESCAN_NANOS = 500_000_000L;
    private static final long LISTED_POLL_NANOS = 20_000_000L;
    private static final int MAX_JOIN_ATTEMPTS = 5;

    private final Path dir;
    private final PeerInstance self;
    private final FileThread thread;
    private final SharedCounters counters;
    private final InstanceFiles files;
    private final RoundFiles rounds;
    private volatile long scannedEpoch = -1;
    private volatile List<PeerInstance> peers = List.of();
    private volatile boolean closed;
    private long nextScanNanos;
    private long joinSeq;
    private boolean listed;

    private Coordinator(Path dir, PeerInstance self, FileThread thread) throws IOException {
        this.dir = dir;
        this.self = self;
        this.thread = thread;
        Files.createDirectories(dir);
        this.counters = new SharedCounters(dir);
        try {
            // Under the lock: the last instance leaving removes the directory under it.
            Joined joined = counters.locked(() -> {
                Joined j = new Joined(new RoundFiles(dir.resolve("rounds")), new InstanceFiles(dir, self));
                counters.bumpEpoch();
                return j;
            });
            this.rounds = joined.rounds();
            this.files = joined.files();
        } catch (IOException | RuntimeException e) {
            counters.close();
            throw e;
        }
        rescan();
    }

    private record Joined(RoundFiles rounds, InstanceFiles files) {
    }

    /**
     * Joins the instances of plugin {@code fullName} (index-name) on {@code runtimeSocket},
     * under {@code root}; before connecting, so that the others coordinate from its first
     * request on.
     */
    public static Coordinator join(Path root, String fullName, String runtimeSocket, PeerInstance self)
            throws IOException {
        Path dir = root.resolve(fullName + "-" + shortHash(runtimeSocket));
        FileThread thread = new FileThread("nri-instances-" + fullName, dir);
        for (int attempt = 1;; attempt++) {
            try {
                return new Coordinator(dir, self, thread);
            } catch (SharedCounters.Removed | NoSuchFileException e) {
                // The last instance removed the directory while this one opened it: it is made anew.
                if (attempt == MAX_JOIN_ATTEMPTS) {
                    thread.shutdown();
                    throw e;
                }
                log.debug("joining {} again: {}", dir, e.toString());
            } catch (IOException | RuntimeException e) {
                thread.shutdown();
                throw e;
            }
        }
    }

    /** The shared directory. */
    public Path directory() {
        return dir;
    }

    /** The other live instances, as last seen. */
    public List<PeerInstance> peers() {
        return peers;
    }

    /**
     * Whether this instance handles the request {@code key} names (event and pod or container);
     * {@link Turn#answering()} must follow before the answer is written.
     */
    public Turn turn(Supplier<String> key) {
        if (!closed && counters.epoch() == scannedEpoch && peers.isEmpty()) {
            return Turn.ALONE;
        }
        if (closed) {
            log.debug("closed: alone");
            return Turn.ALONE;
        }
        String k = key.get();
        if (k == null) {
            return Turn.ALONE;
        }
        return thread.run(() -> claim(k), Turn.ALONE);
    }

    /** Called on Synchronize: rounds written before it are not rounds this connection takes part in. */
    public void synchronizing() {
        thread.run(() -> {
            joinSeq = counters.seq();
            return null;
        }, null);
    }

    /**
     * Before a graceful stop: waits, at most {@code max}, until another live instance has been
     * asked a request, proof that the runtime lists it; a runtime adds a plugin to its list only
     * after the plugin answered Synchronize (when it turns ready), so closing right then could
     * leave a request with neither instance.
     *
     * @return the peer the requests go to from now on, if one is listed
     */
    public Optional<PeerInstance> awaitPeerListed(Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!closed) {
            Optional<PeerInstance> found = thread.run(() -> {
                rescan();
                return peers.stream().filter(files::isListed).findFirst();
            }, Optional.<PeerInstance>empty());
            if (found.isPresent() || peers.isEmpty() || System.nanoTime() - deadline >= 0) {
                return found;
            }
            LockSupport.parkNanos(LISTED_POLL_NANOS);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return Optional.empty();
    }

    void answered(String key) {
        thread.run(() -> counters.locked(() -> {
            Round r = rounds.read(key);
            if (r != null && r.claimant().equals(self.id()) && !r.answered()) {
                rounds.write(key, r.answered(counters.bumpSeq(), System.currentTimeMillis()));
            }
            return null;
        }), null);
    }

    /** Leaves: the others stop coordinating with this instance. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        thread.run(() -> counters.locked(() -> {
            files.leave();
            counters.bumpEpoch();
            if (files.live().isEmpty()) {
                removeDirectory();
            }
            return null;
        }), null);
        thread.shutdown();
        try {
            counters.close();
        } catch (IOException e) {
            log.debug("closing {}", dir, e);
        }
    }

    // --- on the file thread ----------------------------------------------------------------------

    /**
     * The last instance leaving, holding the lock: renames the directory aside (a joiner from now
     * on makes a new one), marks it removed for joiners that opened it before, and deletes it.
     */
    private void removeDirectory() {
        Path aside = dir.resolveSibling("." + dir.getFileName() + "." + self.id() + ".removed");
        try {
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.debug("leaving {} in place: {}", dir, e.toString());
            return;
        }
        try {
            counters.markRemoved();
        } catch (IOException e) {
            // A joiner holding the old files then fails on their paths, and joins again all the same.
            log.debug("cannot mark {} removed: {}", aside, e.toString());
        }
        try (Stream<Path> tree = Files.walk(aside)) {
            for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            log.debug("cannot delete {}: {}", aside, e.toString());
        }
    }

    private Turn claim(String key) throws IOException {
        long now = System.nanoTime();
        if (counters.epoch() != scannedEpoch || (!peers.isEmpty() && now >= nextScanNanos)) {
            rescan();
        }
        if (peers.isEmpty()) {
            return counters.locked(() -> answeredByOneGone(key));
        }
        if (!listed) {
            files.markListed();
            listed = true;
        }
        return counters.locked(() -> {
            long wall = System.currentTimeMillis();
            rounds.sweep(wall);
            Round r = rounds.read(key);
            String me = self.id();
            Turn turn;
            Round next;
            if (!current(r, wall)) {
                next = Round.claimedBy(me, counters.bumpSeq(), wall);
                turn = new Turn.Claimed(this, key, false);
            } else if (!r.answered()) {
                log.info("instance {} takes over {} from instance {}, which did not answer", me, key, r.claimant());
                next = r.takenOverBy(me, counters.bumpSeq(), wall);
                turn = new Turn.Claimed(this, key, true);
            } else {
                next = r.seenBy(me, counters.bumpSeq(), wall);
                turn = new Turn.Yielded(r.claimant());
            }
            rounds.write(key, next);
            if (log.isDebugEnabled()) {
                String decision = turn instanceof Turn.Yielded y ? "yields to " + y.to()
                        : ((Turn.Claimed) turn).takenOver() ? "takes over" : "claims";
                log.debug("{}: {} (round was {}, joined at {})", key, decision,
                        r == null ? "none" : r.encode().trim(), joinSeq);
            }
            return turn;
        });
    }

    /**
     * Alone now, but a peer may have answered this very request and left before the runtime
     * asked this instance (it asks plugins one after another): the round says so. Read only on
     * this slow path, the first request after a peer left; alone from then on, no file is read.
     */
    private Turn answeredByOneGone(String key) throws IOException {
        Round r = rounds.read(key);
        long wall = System.currentTimeMillis();
        if (current(r, wall) && r.answered()) {
            rounds.write(key, r.seenBy(self.id(), counters.bumpSeq(), wall));
            log.debug("{}: yields to {}, which answered it and left (round was {})", key, r.claimant(),
                    r.encode().trim());
            return new Turn.Yielded(r.claimant());
        }
        log.debug("{}: alone", key);
        return Turn.ALONE;
    }

    /**
     * Whether {@code r} is a round of the request being asked now that this instance takes part
     * in: not one it saw already (the request asked again), not one from before its connection
     * synchronized, not stale.
     */
    private boolean current(Round r, long wall) {
        return r != null && !r.seen().contains(self.id()) && r.seq() > joinSeq
                && wall - r.writtenAtMillis() <= RoundFiles.STALE_MILLIS;
    }

    private void rescan() throws IOException {
        long epoch = counters.epoch();
        List<PeerInstance> live = files.live();
        boolean wasAlone = peers.isEmpty();
        peers = List.copyOf(live);
        scannedEpoch = epoch;
        nextScanNanos = System.nanoTime() + RESCAN_NANOS;
        if (wasAlone && !live.isEmpty()) {
            log.info("instance {} shares requests with {} other instance(s) of the plugin: {}", self.id(), live.size(),
                    live.stream().map(p -> p.id() + " (" + p.version() + ")").toList());
        } else if (!wasAlone && live.isEmpty()) {
            log.info("instance {} is the only instance of the plugin again", self.id());
        }
    }

    static String shortHash(String s) {
        return Hashes.hex(s, 4);
    }
}
