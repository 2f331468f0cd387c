package io.nri4j.internal.instances;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The {@code rounds/} directory: one small file per request being asked, named by a hash of the
 * request's key; rounds older than {@link #STALE_MILLIS} are swept. Thread rule: the
 * coordinator's thread, under the directory's lock.
 */
final class RoundFiles {

    /** Longer than any round: each instance asked has at most the runtime's request timeout. */
    static final long STALE_MILLIS = 30_000;
    private static final long SWEEP_MILLIS = 10_000;

    private final Path dir;
    private long nextSweepMillis;

    RoundFiles(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
    }

    /** The round of the request {@code key} names, or null for none (or a torn file). */
    Round read(String key) throws IOException {
        try {
            return Round.decode(Files.readString(file(key), StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    void write(String key, Round round) throws IOException {
        Files.writeString(file(key), round.encode(), StandardCharsets.US_ASCII);
    }

    /** Removes stale rounds, at most every {@value #SWEEP_MILLIS} ms. */
    void sweep(long wall) throws IOException {
        if (wall < nextSweepMillis) {
            return;
        }
        nextSweepMillis = wall + SWEEP_MILLIS;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
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

    private Path file(String key) {
        return dir.resolve(Hashes.hex(key, 16));
    }
}
