package io.nri4j.internal.instances;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The directory's lock and its two counters, shared by the instances: {@code state} holds the
 * epoch (bumped when an instance joins or leaves) and the sequence (bumped on every round
 * written), memory-mapped so that reading the epoch costs no system call; {@code lock} is taken
 * around every change. Thread rule: counters from any thread; {@link #locked} from the
 * coordinator's thread.
 *
 * <p>The last instance to leave removes the directory: holding the lock, it renames the directory
 * aside, then writes a byte into {@code lock} (empty while the directory is in use). A joiner that
 * opened the old files finds that byte once it gets the lock ({@link Removed}) and joins again
 * under the path, a new directory.
 */
final class SharedCounters implements AutoCloseable {

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int EPOCH = 0;
    private static final int SEQ = 8;
    /** POSIX locks belong to the process: threads (and instances in one JVM) take turns first. */
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    /** A body that may fail with an I/O error. */
    interface Io<T> {
        T call() throws IOException;
    }

    /** The directory was removed by the last instance leaving while this one opened it. */
    static final class Removed extends IOException {
        private static final long serialVersionUID = 1L;

        Removed(Path dir) {
            super(dir + " was removed while joining");
        }
    }

    private final Path dir;
    private final FileChannel lockFile;
    private final ReentrantLock inProcess;
    private final MappedByteBuffer state;

    /** Opens the counters holding the lock: {@link Removed} if the directory was removed meanwhile. */
    SharedCounters(Path dir) throws IOException {
        this.dir = dir;
        this.inProcess = IN_PROCESS.computeIfAbsent(dir.resolve("lock").toAbsolutePath().normalize(),
                p -> new ReentrantLock());
        this.lockFile = FileChannel.open(dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        inProcess.lock();
        try (FileLock ignored = lockFile.lock()) {
            checkInUse();
            try (FileChannel s = FileChannel.open(dir.resolve("state"), StandardOpenOption.CREATE,
                    StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                this.state = s.map(FileChannel.MapMode.READ_WRITE, 0, 16);
            }
        } catch (IOException | RuntimeException e) {
            lockFile.close();
            throw e;
        } finally {
            inProcess.unlock();
        }
    }

    long epoch() {
        return (long) LONGS.getAcquire(state, EPOCH);
    }

    long seq() {
        return (long) LONGS.getAcquire(state, SEQ);
    }

    /** An instance joined or left: every other instance looks again. */
    long bumpEpoch() {
        return bump(EPOCH);
    }

    /** The next sequence number, for a round being written. */
    long bumpSeq() {
        return bump(SEQ);
    }

    /**
     * Runs {@code body} holding the directory's lock, against this process's threads and others;
     * {@link Removed} if the last instance removed the directory before this one joined.
     */
    <T> T locked(Io<T> body) throws IOException {
        inProcess.lock();
        try (FileLock ignored = lockFile.lock()) {
            checkInUse();
            return body.call();
        } finally {
            inProcess.unlock();
        }
    }

    /** Under the lock, by the last instance leaving: joiners that opened these files join again. */
    void markRemoved() throws IOException {
        lockFile.write(ByteBuffer.wrap(new byte[] {1}), 0);
    }

    private void checkInUse() throws IOException {
        if (lockFile.size() > 0) {
            throw new Removed(dir);
        }
    }

    private long bump(int offset) {
        return (long) LONGS.getAndAdd(state, offset, 1L) + 1;
    }

    @Override
    public void close() throws IOException {
        lockFile.close();
    }
}
