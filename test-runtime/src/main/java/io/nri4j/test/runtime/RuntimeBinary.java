package io.nri4j.test.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** Finds the runtime program this module's build compiled (conformance/cmd/runtime). */
final class RuntimeBinary {

    /** Overrides the location the build recorded. */
    static final String PROPERTY = "nri.test.runtime.binary";
    static final String RESOURCE = "/nri-test-runtime.properties";

    private RuntimeBinary() {
    }

    static Path locate() {
        String configured = System.getProperty(PROPERTY);
        String origin = "system property " + PROPERTY;
        if (configured == null || configured.isBlank()) {
            configured = recorded();
            origin = RESOURCE + " (written by the nri-test-runtime build)";
        }
        Path binary = Path.of(configured);
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("the NRI runtime program " + binary + " (from " + origin
                    + ") is missing or not executable; build the nri-test-runtime module, or point -D"
                    + PROPERTY + " at a build of conformance/cmd/runtime");
        }
        return binary;
    }

    private static String recorded() {
        try (InputStream in = RuntimeBinary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath; set -D" + PROPERTY);
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("binary", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
