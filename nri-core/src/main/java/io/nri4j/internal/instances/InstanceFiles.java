package io.nri4j.internal.instances;

import java.io.IOException;
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
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code instances/} and {@code listed/} directories: each live instance holds its own file
 * locked, so a file nobody holds is a dead instance's; an instance the runtime has asked a
 * request marks itself listed. Thread rule: the coordinator's thread.
 */
final class InstanceFiles {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);

    private final Path instances;
    private final Path listed;
    private final PeerInstance self;
    private final FileChannel ownFile;
    private final FileLock ownLock;

    /** Writes this instance's file, locked before any peer can see it. */
    InstanceFiles(Path dir, PeerInstance self) throws IOException {
        this.instances = Files.createDirectories(dir.resolve("instances"));
        this.listed = Files.createDirectories(dir.resolve("listed"));
        this.self = self;
        // Created aside and locked, then renamed: a peer never sees an instance file unlocked
        // by a live instance (it would take it for a dead one's and delete it).
        Path aside = instances.resolve("." + self.id() + ".new");
        Files.writeString(aside, self.encode(), StandardCharsets.UTF_8);
        this.ownFile = FileChannel.open(aside, StandardOpenOption.WRITE);
        try {
            this.ownLock = ownFile.lock();
            Files.move(aside, own(), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            ownFile.close();
            throw new IOException("the instances directory " + dir + " does not support atomic renames", e);
        } catch (IOException | RuntimeException e) {
            ownFile.close();
            throw e;
        }
    }

    /** The other instances whose process holds their file; dead ones' files are removed. */
    List<PeerInstance> live() throws IOException {
        List<PeerInstance> live = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(instances)) {
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
        return live;
    }

    /** Asked a request, so the runtime lists this instance: a peer stopping may now leave. */
    void markListed() throws IOException {
        Files.writeString(listed.resolve(self.id()), "", StandardCharsets.US_ASCII);
    }

    boolean isListed(PeerInstance peer) {
        return Files.exists(listed.resolve(peer.id()));
    }

    /** Removes this instance's files and lets its lock go. */
    void leave() throws IOException {
        Files.deleteIfExists(listed.resolve(self.id()));
        Files.deleteIfExists(own());
        ownLock.release();
        ownFile.close();
    }

    private Path own() {
        return instances.resolve(self.id());
    }

    /** The peer a file describes if its process holds it locked; a dead one's file is removed. */
    private static PeerInstance alive(Path file, String name) throws IOException {
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
}
