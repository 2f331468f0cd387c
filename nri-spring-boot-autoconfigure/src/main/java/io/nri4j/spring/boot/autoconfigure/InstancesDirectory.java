package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.internal.log.Causes;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the instances of the plugin on this machine agree which of them handles each request
 * ({@code nri.instances.directory}), resolved once at start. Set, the directory is used as it is.
 * Unset, it is {@value #NODE} where this process may write it (a DaemonSet mounts the node's,
 * as the chart's {@code instances.hostPath} does), else one of the user's own, said once at INFO:
 * {@code $XDG_RUNTIME_DIR/nri4j}, or {@code java.io.tmpdir/nri4j-<user>}; so a plugin run on a
 * workstation as any user needs no system path. A directory that cannot be used is said at WARN,
 * with the system's reason, and the plugin runs as if alone. A directory made here is removed at
 * close if empty (the last instance to leave removes its own files).
 */
final class InstancesDirectory implements AutoCloseable {

    /** The default where it can be written: the node's directory. */
    static final String NODE = "/var/run/nri4j";

    private static final Logger log = LoggerFactory.getLogger(InstancesDirectory.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /** What the default depends on, given for tests. */
    record Host(Path node, String xdgRuntimeDir, Path tmpdir, String user) {

        static Host current() {
            return new Host(Path.of(NODE), System.getenv("XDG_RUNTIME_DIR"),
                    Path.of(System.getProperty("java.io.tmpdir")), System.getProperty("user.name"));
        }
    }

    private final Path directory;
    private final boolean made;

    private InstancesDirectory(Path directory, boolean made) {
        this.directory = directory;
        this.made = made;
    }

    static InstancesDirectory resolve(NriInstancesProperties properties, Host host) {
        if (!properties.isEnabled()) {
            return new InstancesDirectory(null, false);
        }
        Path set = properties.getDirectory();
        if (set != null) {
            return usable(set, false, host.user());
        }
        if (Files.isDirectory(host.node()) && Files.isWritable(host.node())) {
            return new InstancesDirectory(host.node(), false);
        }
        String why = Files.exists(host.node()) ? host.node() + " is not writable by " + host.user()
                : host.node() + " does not exist";
        String xdg = host.xdgRuntimeDir();
        boolean runtimeDir = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                && Files.isDirectory(Path.of(xdg)) && Files.isWritable(Path.of(xdg));
        Path own = runtimeDir ? Path.of(xdg, "nri4j") : host.tmpdir().resolve("nri4j-" + host.user());
        InstancesDirectory resolved = usable(own, !runtimeDir, host.user());
        if (resolved.directory != null) {
            log.info("Instances of the plugin on this machine coordinate in {}: {} (set nri.instances.directory"
                    + " to choose)", own, why);
        }
        return resolved;
    }

    /** The directory instances coordinate in; null when they do not. */
    Path directory() {
        return directory;
    }

    /** Removes the directory if made here and empty by now. */
    @Override
    public void close() {
        if (!made) {
            return;
        }
        try {
            Files.delete(directory);
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            // another plugin of this user still coordinates there, or it is gone already
        } catch (IOException e) {
            log.debug("cannot remove {}: {}", directory, Causes.describe(e));
        }
    }

    /**
     * The directory, made if missing: {@code ownerOnly} in a directory others share (a
     * temporary directory), where an existing one must be this user's own and closed to others.
     */
    private static InstancesDirectory usable(Path dir, boolean ownerOnly, String user) {
        try {
            boolean made = false;
            if (!Files.isDirectory(dir)) {
                made = ownerOnly ? makeOwnerOnly(dir) : Files.createDirectories(dir) != null;
            }
            if (ownerOnly) {
                checkOwnerOnly(dir, user);
            }
            if (!Files.isWritable(dir)) {
                throw new AccessDeniedException(dir.toString());
            }
            return new InstancesDirectory(dir, made);
        } catch (IOException | UnsupportedOperationException e) {
            log.warn("Cannot use {} for instance coordination: {} (set nri.instances.directory to a directory"
                    + " this user may write); two instances of the plugin connected at once would both handle"
                    + " every request", dir, e instanceof IOException ? Causes.describe(e) : e.toString());
            return new InstancesDirectory(null, false);
        }
    }

    /** @return whether it was made here (false: another process made it meanwhile) */
    private static boolean makeOwnerOnly(Path dir) throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /** Anyone could have made it first: it must be a directory of this user's, writable by no one else. */
    private static void checkOwnerOnly(Path dir, String user) throws IOException {
        PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isDirectory() || !a.owner().getName().equals(user)
                || a.permissions().contains(PosixFilePermission.GROUP_WRITE)
                || a.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IOException("not a directory of " + user + "'s own, closed to others");
        }
    }
}
