package io.nri4j.stub;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NRI version a runtime ships, for runtimes too old to report it (before NRI v0.12.0).
 * Each entry is the first runtime release with that NRI version (from the runtime's
 * {@code go.mod} at each tag); a runtime release maps to the entry of the newest release not
 * after it, as upstream's own table does.
 *
 * <p>Runtimes report versions as their builders set them, not always as upstream tags them:
 * {@link #release(String)} reads the upstream release out of distribution builds such as
 * {@code 1.7.24~ds1} (Debian), {@code v1.7.27-0ubuntu1~24.04.1} (Ubuntu) or
 * {@code v1.7.23-k3s2} (k3s), and CRI-O's {@code 1.34.1} without the {@code v}.
 */
final class RuntimeVersions {

    private static final Map<String, TreeMap<NriVersion, String>> TABLE = Map.of(
            "containerd", table(
                    "v1.7.0", "v0.3.0",
                    "v1.7.7", "v0.4.0",
                    "v1.7.14", "v0.6.0",
                    "v1.7.16", "v0.6.1",
                    "v1.7.26", "v0.8.0",
                    "v2.0.0-beta.0", "v0.5.0",
                    "v2.0.0-rc.0", "v0.6.0",
                    "v2.0.0-rc.1", "v0.6.1",
                    "v2.0.0-rc.6", "v0.7.0",
                    "v2.0.0", "v0.8.0",
                    "v2.2.0-beta.0", "v0.10.0",
                    "v2.2.1", "v0.11.0",
                    "v2.3.0-rc.1", "v0.12.0"),
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

    /** Major.minor[.patch], then a suffix that starts with a separator, or nothing. */
    private static final Pattern VERSION = Pattern.compile("v?(\\d+)\\.(\\d+)(?:\\.(\\d+))?([-~+].*)?");
    /** A pre-release after the numbers ({@code -rc.1}, Debian's {@code ~rc1}); other suffixes are builds. */
    private static final Pattern PRE_RELEASE = Pattern.compile(
            "[-~]((?:alpha|beta|rc|pre|dev)\\d*(?:\\.\\d+)*)\\b.*", Pattern.CASE_INSENSITIVE);
    /** What {@code git describe} adds after a tag: commits since, then the hash. */
    private static final Pattern GIT_SUFFIX = Pattern.compile("-\\d+-g[0-9a-fA-F]+\\b.*");

    private RuntimeVersions() {
    }

    /** The NRI version of {@code runtime} at {@code version}, if the table covers it. */
    static Optional<NriVersion> infer(String runtime, String version) {
        TreeMap<NriVersion, String> releases = runtime == null ? null : TABLE.get(runtime.toLowerCase(Locale.ROOT));
        Optional<NriVersion> release = release(version);
        if (releases == null || release.isEmpty()) {
            return Optional.empty();
        }
        Map.Entry<NriVersion, String> entry = releases.floorEntry(release.get());
        return entry == null ? Optional.empty() : NriVersion.parse(entry.getValue());
    }

    /**
     * The upstream release a runtime's version string stands for: a distribution's or a fork's
     * build of a release ({@code 1.7.24~ds1}, {@code v1.7.27-0ubuntu1~24.04.1},
     * {@code v1.7.23-k3s2}, {@code v2.2.0-225-ge9dc15b7a.m}) is that release; a pre-release
     * ({@code v2.1.0-rc.1}, {@code 2.1.0~rc1}) stays one. Empty when no release can be read.
     */
    static Optional<NriVersion> release(String version) {
        if (version == null) {
            return Optional.empty();
        }
        Matcher m = VERSION.matcher(version.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        String suffix = m.group(4) == null ? "" : m.group(4);
        String pre = "";
        Matcher preRelease = PRE_RELEASE.matcher(suffix);
        if (!GIT_SUFFIX.matcher(suffix).matches() && preRelease.matches()) {
            pre = preRelease.group(1).toLowerCase(Locale.ROOT);
        }
        NriVersion release = new NriVersion(number(m.group(1)), number(m.group(2)), number(m.group(3)), pre);
        return release.major() == 0 && release.minor() == 0 && release.patch() == 0
                ? Optional.empty() : Optional.of(release);
    }

    private static int number(String digits) {
        if (digits == null) {
            return 0;
        }
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static TreeMap<NriVersion, String> table(String... pairs) {
        TreeMap<NriVersion, String> table = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            table.put(NriVersion.parse(pairs[i]).orElseThrow(), pairs[i + 1]);
        }
        return table;
    }
}
