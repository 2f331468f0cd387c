package io.nri4j.stub;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The NRI version a runtime ships, for runtimes too old to report it (before NRI v0.12.0).
 * Each entry is the first runtime release with that NRI version; a runtime release maps to the
 * entry of the newest release not after it, as upstream's own table does.
 */
final class RuntimeVersions {

    private static final Map<String, TreeMap<NriVersion, String>> TABLE = Map.of(
            "containerd", table(
                    "v1.7.0", "v0.3.0",
                    "v1.7.7", "v0.4.0",
                    "v1.7.14", "v0.6.0",
                    "v1.7.16", "v0.6.1",
                    "v1.7.26", "v0.8.0",
                    "v2.2.0", "v0.10.0",
                    "v2.2.1", "v0.11.0"),
            "cri-o", table(
                    "v1.26.0", "v0.2.0",
                    "v1.26.2", "v0.3.0",
                    "v1.26.4", "v0.3.1-0.20230504231226-94185418e253",
                    "v1.27.0", "v0.3.0",
                    "v1.27.1", "v0.3.1-0.20230504231226-94185418e253",
                    "v1.29.0", "v0.5.0",
                    "v1.29.2", "v0.6.0",
                    "v1.31.0", "v0.6.1",
                    "v1.32.0", "v0.9.0",
                    "v1.33.0", "v0.9.1-0.20250219030224-e597e7849f24",
                    "v1.34.0", "v0.10.0",
                    "v1.35.0", "v0.11.0"));

    private RuntimeVersions() {
    }

    /** The NRI version of {@code runtime} at {@code version}, if the table covers it. */
    static Optional<NriVersion> infer(String runtime, String version) {
        TreeMap<NriVersion, String> releases = TABLE.get(runtime);
        Optional<NriVersion> release = NriVersion.parse(version);
        if (releases == null || release.isEmpty()) {
            return Optional.empty();
        }
        Map.Entry<NriVersion, String> entry = releases.floorEntry(release.get());
        return entry == null ? Optional.empty() : NriVersion.parse(entry.getValue());
    }

    private static TreeMap<NriVersion, String> table(String... pairs) {
        TreeMap<NriVersion, String> table = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            table.put(NriVersion.parse(pairs[i]).orElseThrow(), pairs[i + 1]);
        }
        return table;
    }
}
