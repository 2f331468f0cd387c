package io.nri4j.test.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The runtime program (conformance's {@code cmd/runtime}): built by this module for Linux x86_64
 * and aarch64 and shipped in its jar, extracted once per content to the temporary directory.
 */
final class RuntimeBinary {

    /** Use this program instead of the shipped one. */
    static final String PROPERTY = "nri.test.runtime.binary";

    private static volatile Path extracted;

    private RuntimeBinary() {
    }

    static Path locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            Path binary = Path.of(configured);
            if (!Files.isExecutable(binary)) {
                throw new IllegalStateException("-D" + PROPERTY + "=" + configured + ": not an executable file");
            }
            return binary;
        }
        Path binary = extracted;
        if (binary == null) {
            synchronized (RuntimeBinary.class) {
                if (extracted == null) {
                    extracted = extract(resource(System.getProperty("os.name"), System.getProperty("os.arch")));
                }
                binary = extracted;
            }
        }
        return binary;
    }

    /** Where this platform's program is in the jar. */
    static String resource(String os, String arch) {
        String platform = switch (arch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> "linux-x86_64";
            case "aarch64", "arm64" -> "linux-aarch_64";
            default -> null;
        };
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux") || platform == null) {
            throw new IllegalStateException("the NRI test runtime runs on Linux x86_64 and aarch64, as NRI itself "
                    + "does; this is " + os + " " + arch + ". Run the tests on a Linux machine (a CI runner, a VM, "
                    + "a container), or point -D" + PROPERTY + " at a build of the runtime program for this one");
        }
        return platform + "/nri-runtime";
    }

    /** Copies the program out of the jar once per content: concurrent JVMs share one copy. */
    private static Path extract(String resource) {
        try (InputStream in = RuntimeBinary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the NRI test runtime " + resource + " is missing from the "
                        + "nri-test-runtime jar on the classpath (a build of that module without Go?)");
            }
            Path dir = Path.of(System.getProperty("java.io.tmpdir"));
            Path partial = Files.createTempFile(dir, "nri-runtime-", ".partial");
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(partial), sha)) {
                in.transferTo(out);
            }
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
            String id = HexFormat.of().formatHex(sha.digest(), 0, 8);
            Path binary = dir.resolve("nri4j-runtime-" + id);
            if (Files.isExecutable(binary) && Files.size(binary) == Files.size(partial)) {
                Files.delete(partial);
                return binary;
            }
            try {
                Files.move(partial, binary, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                Files.deleteIfExists(partial);
            }
            return binary;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the NRI test runtime " + resource, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
