package io.nri4j.internal.instances;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;
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
 * {@code state} (epoch and sequence, memory-mapped), {@code lock} (taken around every change),
 * {@code instances/<id>} (each held locked by its live instance), {@code rounds/<key>}.
 *
 * <p>Alone, a request costs one read of the mapped epoch. File work runs on a thread of its own:
 * an interrupted handler thread would close a shared channel.
 */
public final class Coordinator implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int EPOCH = 0;
    private static final int SEQ = 8;
    /** Longer than any round: each instance asked has at most the runtime's request timeout. */
    static final long STALE_MILLIS = 30_000;
    private static final long RESCAN_NANOS = 500_000_000L;
    private static final long SWEEP_MILLIS = 10_000;
    /** POSIX locks belong to the process: threads (and instances in one JVM) take turns first. */
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path dir;
    private final PeerInstance self;
    private final ExecutorService thread;
    private final FileChannel lockFile;
    private final ReentrantLock inProcess;
    private final MappedByteBuffer state;
    private final FileChannel ownFile;
    private final FileLock ownLock;
    private volatile long scannedEpoch = -1;
    private volatile List<PeerInstance> peers = List.of();
    private volatile boolean closed;
    private long nextScanNanos;
    private long nextSweepMillis;
    private long joinSeq;
    private boolean listed;

    private Coordinator(Path dir, PeerInstance self, ExecutorService thread) throws IOException {
        this.dir = dir;
        this.self = self;
        this.thread = thread;
        Files.createDirectories(dir.resolve("instances"));
        Files.createDirectories(dir.resolve("rounds"));
        Files.createDirectories(dir.resolve("listed"));
        this.inProcess = IN_PROCESS.computeIfAbsent(dir.resolve("lock").toAbsolutePath().normalize(),
                p -> new ReentrantLock());
        this.lockFile = FileChannel.open(dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try (FileChannel s = FileChannel.open(dir.resolve("state"), StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            this.state = s.map(FileChannel.MapMode.READ_WRITE, 0, 16);
        }
        // Created aside and locked, then renamed: a peer never sees an instance file unlocked
        // by a live instance (it would take it for a dead one's and delete it).
        Path aside = dir.resolve("instances").resolve("." + self.id() + ".new");
        Files.writeString(aside, self.encode(), StandardCharsets.UTF_8);
        this.ownFile = FileChannel.open(aside, StandardOpenOption.WRITE);
        this.ownLock = ownFile.lock();
        try {
            Files.move(aside, ownPath(), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the instances directory " + dir + " does not support atomic renames", e);
        }
        locked(() -> {
            bump(EPOCH);
            return null;
        });
        rescan();
    }

    /**
     * Joins the instances of plugin {@code fullName} (index-name) on {@code runtimeSocket},
     * under {@code root}; before connecting, so that the others coordinate from its first
     * request on.
     */
    public static Coordinator join(Path root, String fullName, String runtimeSocket, PeerInstance self)
            throws IOException {
        Path dir = root.resolve(fullName + "-" + shortHash(runtimeSocket));
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "nri-instances-" + fullName);
            t.setDaemon(true);
            return t;
        });
        try {
            return new Coordinator(dir, self, thread);
        } catch (IOException | RuntimeException e) {
            thread.shutdownNow();
            throw e;
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
    public Turn turn(java.util.function.Supplier<String> key) {
        if (!closed && (long) LONGS.getAcquire(state, EPOCH) == scannedEpoch && peers.isEmpty()) {
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
        return onThread(() -> claim(k), Turn.ALONE);
    }

    /** Called on Synchronize: rounds written before it are not rounds this connection takes part in. */
    public void synchronizing() {
        onThread(() -> {
            joinSeq = (long) LONGS.getAcquire(state, SEQ);
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
    public java.util.Optional<PeerInstance> awaitPeerListed(java.time.Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!closed) {
            java.util.Optional<PeerInstance> listed = onThread(() -> {
                rescan();
                return peers.stream().filter(p -> Files.exists(dir.resolve("listed").resolve(p.id()))).findFirst();
            }, java.util.Optional.<PeerInstance>empty());
            if (listed.isPresent() || peers.isEmpty() || System.nanoTime() - deadline >= 0) {
                return listed;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return java.util.Optional.empty();
    }

    void answered(String key) {
        onThread(() -> locked(() -> {
            Path file = roundFile(key);
            Round r = read(file);
            if (r != null && r.claimant().equals(self.id()) && !r.answered()) {
                write(file, r.answered(bump(SEQ), System.currentTimeMillis()));
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
        onThread(() -> locked(() -> {
            Files.deleteIfExists(dir.resolve("listed").resolve(self.id()));
            Files.deleteIfExists(ownPath());
            ownLock.release();
            ownFile.close();
            bump(EPOCH);
            return null;
        }), null);
        thread.shutdown();
        try {
            lockFile.close();
        } catch (IOException e) {
            log.debug("closing {}", dir, e);
        }
    }

    // --- on the coordinator's thread ---------------------------------------------------------------

    private Turn claim(String key) throws IOException {
        long now = System.nanoTime();
        if ((long) LONGS.getAcquire(state, EPOCH) != scannedEpoch || (!peers.isEmpty() && now >= nextScanNanos)) {
            rescan();
        }
        if (peers.isEmpty()) {
            return locked(() -> answeredByOneGone(key));
        }
        if (!listed) {
            // Asked, so the runtime lists this instance: a peer stopping may now leave.
            Files.writeString(dir.resolve("listed").resolve(self.id()), "", StandardCharsets.US_ASCII);
            listed = true;
        }
        return locked(() -> {
            long wall = System.currentTimeMillis();
            sweep(wall);
            Path file = roundFile(key);
            Round r = read(file);
            String me = self.id();
            Turn turn;
            Round next;
            if (!current(r, wall)) {
                next = Round.claimedBy(me, bump(SEQ), wall);
                turn = new Turn.Claimed(this, key, false);
            } else if (!r.answered()) {
                log.info("instance {} takes over {} from instance {}, which did not answer", me, key, r.claimant());
                next = r.takenOverBy(me, bump(SEQ), wall);
                turn = new Turn.Claimed(this, key, true);
            } else {
                next = r.seenBy(me, bump(SEQ), wall);
                turn = new Turn.Yielded(r.claimant());
            }
            write(file, next);
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
        Path file = roundFile(key);
        Round r = read(file);
        long wall = System.currentTimeMillis();
        if (current(r, wall) && r.answered()) {
            write(file, r.seenBy(self.id(), bump(SEQ), wall));
            log.debug("{}: yields to {}, which answered it and left (round was {})", key, r.claimant(), r.encode().trim());
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
                && wall - r.writtenAtMillis() <= STALE_MILLIS;
    }

    private void rescan() throws IOException {
        long epoch = (long) LONGS.getAcquire(state, EPOCH);
        List<PeerInstance> live = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve("instances"))) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (name.startsWith(".") || name.equals(self.id())) {
                    continue;
                }
                PeerInstance peer = alive(f, name);
                if (peer != null) {
                    live.add(peer);
                }
            }
        }
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

    /** The peer a file describes if its process holds it locked; a dead one's file is removed. */
    private PeerInstance alive(Path file, String name) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock probe = ch.tryLock();
            if (probe == null) {
                return PeerInstance.decode(text, name);
            }
            probe.release();
            Files.deleteIfExists(file);
            log.info("instance {} of the plugin is gone (its process ended without leaving)", name);
            return null;
        } catch (OverlappingFileLockException e) {
            return PeerInstance.decode(text, name); // held in this very JVM (tests run several)
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private void sweep(long wall) throws IOException {
        if (wall < nextSweepMillis) {
            return;
        }
        nextSweepMillis = wall + SWEEP_MILLIS;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve("rounds"))) {
            for (Path f : files) {
                try {
                    if (wall - Files.getLastModifiedTime(f).toMillis() > STALE_MILLIS) {
                        Files.deleteIfExists(f);
                    }
                } catch (NoSuchFileException e) {
                    // another instance swept it
                }
            }
        }
    }

    /** A body that may fail with an I/O error. */
    private interface Io<T> {
        T call() throws IOException;
    }

    private <T> T locked(Io<T> body) throws IOException {
        inProcess.lock();
        try (FileLock ignored = lockFile.lock()) {
            return body.call();
        } finally {
            inProcess.unlock();
        }
    }

    private long bump(int offset) {
        return (long) LONGS.getAndAdd(state, offset, 1L) + 1;
    }

    private Path ownPath() {
        return dir.resolve("instances").resolve(self.id());
    }

    private Path roundFile(String key) {
        return dir.resolve("rounds").resolve(hash(key, 16));
    }

    private static Round read(Path file) throws IOException {
        try {
            return Round.decode(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static void write(Path file, Round round) throws IOException {
        Files.writeString(file, round.encode(), StandardCharsets.US_ASCII);
    }

    /**
     * Runs on the coordinator's thread and waits for it even if the asking thread is interrupted
     * (the work is short file I/O): a claim given up half-way would look like no claim. On failure
     * (logged) the answer is {@code fallback}.
     */
    private <T> T onThread(Callable<T> task, T fallback) {
        boolean interrupted = false;
        try {
            java.util.concurrent.Future<T> result = thread.submit(task);
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException | java.util.concurrent.RejectedExecutionException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            log.warn("instance coordination in {} failed, handling the request as if alone: {}", dir,
                    cause.toString());
            return fallback;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static String shortHash(String s) {
        return hash(s, 4);
    }

    private static String hash(String s, int bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
