package io.nri4j.stub;

import io.netty.util.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * Checks, once, that protobuf-java and Netty on the classpath are versions nri4j runs with, so
 * that a build whose dependency management picked others fails at once with the fix, instead of
 * with a class initialization error in the middle of the first request.
 */
public final class Compatibility {

    private static volatile boolean checked;

    private Compatibility() {
    }

    /**
     * Checks the classpath.
     *
     * @throws IncompatibleClasspathException naming the library, the versions and the fix
     */
    public static void check() {
        if (checked) {
            return;
        }
        Properties build = buildProperties();
        protobuf(protobufRuntime(), build.getProperty("protoc"));
        netty(nettyRuntime(), build.getProperty("netty"));
        checked = true;
    }

    /** The version of nri4j on the classpath, e.g. {@code 0.1.0}; {@code unknown} if the build did not say. */
    public static String nri4jVersion() {
        String version = buildProperties().getProperty("nri4j", "");
        return version.isEmpty() || version.startsWith("@") ? "unknown" : version;
    }

    /** Generated code loads only with a runtime at least as new as the protoc that made it, same major. */
    static void protobuf(Optional<int[]> runtime, String gencode) {
        int[] needed = parse(gencode);
        String found = runtime.map(v -> v[0] + "." + v[1] + "." + v[2]).orElse("a version before 4.26");
        boolean ok = runtime.isPresent() && runtime.get()[0] == needed[0] && compare(runtime.get(), needed) >= 0;
        if (!ok) {
            throw new IncompatibleClasspathException("protobuf-java", found,
                    gencode + " or a later " + needed[0] + ".x",
                    "Set the protobuf-java.version property to " + gencode + " or later (a Spring Boot parent "
                            + "manages it), or manage com.google.protobuf:protobuf-java at that version.");
        }
    }

    /** nri4j is built on Netty 4.2's API: 4.1 lacks it. */
    static void netty(Optional<String> runtime, String builtWith) {
        String found = runtime.orElse("none");
        if (runtime.isEmpty() || !runtime.get().startsWith("4.2.")) {
            throw new IncompatibleClasspathException("Netty", found, "4.2.x (built with " + builtWith + ")",
                    "Set the netty.version property to " + builtWith + " (a Spring Boot parent manages it), or "
                            + "import io.netty:netty-bom at that version.");
        }
    }

    private static Optional<int[]> protobufRuntime() {
        try {
            // Read reflectively: the fields are constants, which javac would inline from the
            // build's version.
            Class<?> version = Class.forName("com.google.protobuf.RuntimeVersion");
            return Optional.of(new int[] {version.getField("MAJOR").getInt(null),
                version.getField("MINOR").getInt(null), version.getField("PATCH").getInt(null)});
        } catch (ReflectiveOperationException | LinkageError e) {
            return Optional.empty();
        }
    }

    private static Optional<String> nettyRuntime() {
        try {
            Package common = Version.class.getPackage();
            return nettyRuntime(common.getImplementationTitle(), common.getImplementationVersion(),
                    () -> Optional.ofNullable(Version.identify(Compatibility.class.getClassLoader())
                            .get("netty-common")).map(Version::artifactVersion));
        } catch (LinkageError e) {
            return Optional.empty();
        }
    }

    /**
     * netty-common's own manifest says its version; {@code identify} (Netty's Version.identify)
     * reads every Netty jar's properties and parses their dates, tens of milliseconds of a
     * plugin's start. In a jar that merged Netty's classes the manifest is someone else's.
     */
    static Optional<String> nettyRuntime(String title, String version, Supplier<Optional<String>> identify) {
        return "Netty/Common".equals(title) && version != null ? Optional.of(version) : identify.get();
    }

    private static Properties buildProperties() {
        try (InputStream in = Compatibility.class.getResourceAsStream("nri4j-build.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[] parse(String version) {
        String[] parts = version.split("[.-]");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
    }

    private static int compare(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }
}
