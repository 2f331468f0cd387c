package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nri4j.internal.instances.Coordinator;
import io.nri4j.internal.instances.PeerInstance;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where instances coordinate when {@code nri.instances.directory} is not set: the node's
 * directory where it can be written, else the user's own; a local run leaves nothing behind.
 */
class InstancesDirectoryTests {

    private static final String USER = System.getProperty("user.name");

    @TempDir
    Path base;

    @Test
    void theNodesDirectoryIsTheDefaultWhereItCanBeWritten() throws IOException {
        Path node = Files.createDirectory(base.resolve("nri4j"));

        try (InstancesDirectory d = InstancesDirectory.resolve(new NriInstancesProperties(), host(node, null))) {
            assertThat(d.directory()).isEqualTo(node);
        }
        assertThat(node).isDirectory();
    }

    @Test
    void withoutTheNodesDirectoryTheUsersRuntimeDirectoryIsUsedAndTheDirectoryMadeThereRemoved() throws IOException {
        Path runtime = Files.createDirectory(base.resolve("run-user"));

        try (InstancesDirectory d = InstancesDirectory.resolve(new NriInstancesProperties(),
                host(base.resolve("missing/nri4j"), runtime.toString()))) {
            assertThat(d.directory()).isEqualTo(runtime.resolve("nri4j")).isDirectory();
        }
        assertThat(runtime).isEmptyDirectory();
    }

    @Test
    void withoutARuntimeDirectoryTheTemporaryDirectoryGetsOneOpenToTheUserOnly() throws IOException {
        Path tmp = Files.createDirectory(base.resolve("tmp"));

        try (InstancesDirectory d = InstancesDirectory.resolve(new NriInstancesProperties(),
                host(base.resolve("missing/nri4j"), null))) {
            assertThat(d.directory()).isEqualTo(tmp.resolve("nri4j-" + USER));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(d.directory())))
                    .isEqualTo("rwx------");
        }
        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void aDirectoryOthersMayWriteInTheTemporaryDirectoryIsNotUsed() throws IOException {
        Path tmp = Files.createDirectory(base.resolve("tmp"));
        Path planted = Files.createDirectory(tmp.resolve("nri4j-" + USER));
        Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rwxrwxrwx"));

        try (InstancesDirectory d = InstancesDirectory.resolve(new NriInstancesProperties(),
                host(base.resolve("missing/nri4j"), null))) {
            assertThat(d.directory()).isNull();
        }
        assertThat(planted).isDirectory();
    }

    @Test
    void aDirectoryThatIsSetIsUsedAsItIsAndKeptIfItExisted() throws IOException {
        NriInstancesProperties p = new NriInstancesProperties();
        p.setDirectory(base);

        try (InstancesDirectory d = InstancesDirectory.resolve(p, host(base.resolve("node"), null))) {
            assertThat(d.directory()).isEqualTo(base);
        }
        assertThat(base).isDirectory();
    }

    @Test
    void disabledThereIsNoDirectory() {
        NriInstancesProperties p = new NriInstancesProperties();
        p.setEnabled(false);

        assertThat(InstancesDirectory.resolve(p, host(base, null)).directory()).isNull();
    }

    /**
     * As a user other than root, for real: the node's directory is root's, as /var/run is on a
     * workstation. The default is the user's own, two instances coordinate there, and when they
     * have left nothing is left behind; a directory set that the user may not write is one line
     * with the system's reason.
     */
    @Test
    void aNonRootUsersLocalRunCoordinatesInItsOwnDirectoryAndLeavesNothingBehind() throws Exception {
        assumeTrue(uid() == 0, "needs root to run a process as another user (setpriv); runs as uid " + uid());
        Path nodeParent = Files.createDirectory(base.resolve("var-run"));
        Path node = Files.createDirectory(nodeParent.resolve("nri4j"));
        Path tmp = Files.createDirectory(base.resolve("tmp"));
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxrwxrwx"));
        String classpath = readableClasspath();

        List<String> out = asNobody(classpath, AsUser.class.getName(), "default", node.toString(), tmp.toString());

        assertThat(out).contains("joined " + tmp.resolve("nri4j-nobody"), "left");
        assertThat(out).anySatisfy(line -> assertThat(line).contains("INFO")
                .contains("Instances of the plugin on this machine coordinate in " + tmp.resolve("nri4j-nobody")
                        + ": " + node + " is not writable by nobody (set nri.instances.directory to choose)"));
        assertThat(tmp).isEmptyDirectory();

        List<String> refused = asNobody(classpath, AsUser.class.getName(), "set", node.resolve("x").toString(),
                tmp.toString());

        assertThat(refused).contains("no directory");
        assertThat(refused).anySatisfy(line -> assertThat(line).contains("WARN")
                .contains("Cannot use " + node.resolve("x") + " for instance coordination: " + node.resolve("x")
                        + ": Permission denied (set nri.instances.directory to a directory this user may write)"));
        assertThat(node).isEmptyDirectory();
    }

    /** Run as nobody: resolves the directory, joins with two instances, leaves. */
    public static final class AsUser {
        public static void main(String[] args) throws Exception {
            NriInstancesProperties p = new NriInstancesProperties();
            if (args[0].equals("set")) {
                p.setDirectory(Path.of(args[1]));
            }
            InstancesDirectory.Host host = new InstancesDirectory.Host(Path.of(args[1]), null, Path.of(args[2]),
                    System.getProperty("user.name"));
            try (InstancesDirectory d = InstancesDirectory.resolve(p, host)) {
                if (d.directory() == null) {
                    System.out.println("no directory");
                    return;
                }
                Coordinator a = Coordinator.join(d.directory(), "10-local", "/run/nri/nri.sock", peer("a"));
                Coordinator b = Coordinator.join(d.directory(), "10-local", "/run/nri/nri.sock", peer("b"));
                System.out.println("joined " + d.directory());
                b.close();
                a.close();
            }
            System.out.println("left");
        }

        private static PeerInstance peer(String id) {
            return new PeerInstance(id, ProcessHandle.current().pid(), "1.0", Instant.now());
        }
    }

    private InstancesDirectory.Host host(Path node, String xdgRuntimeDir) {
        return new InstancesDirectory.Host(node, xdgRuntimeDir, base.resolve("tmp"), USER);
    }

    private static int uid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    /**
     * The test's class path as nobody can read it: the build's directories are, the jars of the
     * local repository in root's home are not, so the few the child needs are copied.
     */
    private String readableClasspath() throws IOException {
        Path jars = Files.createDirectory(base.resolve("jars"));
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            String name = p.getFileName().toString();
            if (Files.isDirectory(p) || name.startsWith("nri-core")) {
                entries.add(entry);
            } else if (name.startsWith("slf4j-api") || name.startsWith("logback-")) {
                entries.add(Files.copy(p, jars.resolve(name), StandardCopyOption.REPLACE_EXISTING).toString());
            }
        }
        try (Stream<Path> copied = Files.list(jars)) {
            assertThat(copied.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("slf4j-api"))
                    .anyMatch(n -> n.startsWith("logback-classic"));
        }
        return String.join(File.pathSeparator, entries);
    }

    private static List<String> asNobody(String classpath, String main, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath, main));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
