package io.nri4j.stub;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version as NRI and runtimes report them ({@code v0.12.5}, {@code 1.34.0},
 * {@code v0.3.1-0.20230504231226-94185418e253}). A git-describe suffix
 * ({@code v2.2.0-225-ge9dc15b7a.m}) counts as the release it follows, as upstream treats it.
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 * @param preRelease what follows the {@code -}, empty for a release
 */
public record NriVersion(int major, int minor, int patch, String preRelease)
        implements Comparable<NriVersion> {

    /** The first NRI release with UpdatePodSandbox, PostUpdatePodSandbox and validation. */
    public static final NriVersion V0_10_0 = new NriVersion(0, 10, 0, "");
    /**
     * The oldest NRI release nri4j is tested against (containerd 1.7.26 to 2.1): what a plugin
     * assumes of a runtime that does not report its NRI version and whose release it cannot
     * place. Every runtime from NRI v0.2.0 to v0.9.x accepts the same events as this one.
     */
    public static final NriVersion OLDEST_SUPPORTED = new NriVersion(0, 8, 0, "");
    /** The NRI API revision this library's proto was written from. */
    public static final NriVersion API = new NriVersion(0, 12, 5, "");

    private static final Pattern SEMVER = Pattern.compile(
            "v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-([0-9A-Za-z.-]+))?(?:\\+[0-9A-Za-z.-]+)?");
    private static final Pattern GIT_SUFFIX = Pattern.compile("\\d+-g[0-9a-fA-F]+(\\..*)?");

    /** A null pre-release counts as none. */
    public NriVersion {
        preRelease = preRelease == null ? "" : preRelease;
    }

    /** Parses a version; empty for {@code ""}, {@code (devel)}, {@code 0.0.0-unknown} and junk. */
    public static Optional<NriVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = SEMVER.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        String pre = m.group(4) == null ? "" : m.group(4);
        if (GIT_SUFFIX.matcher(pre).matches()) {
            pre = "";
        }
        NriVersion v = new NriVersion(number(m.group(1)), number(m.group(2)), number(m.group(3)), pre);
        if (v.major == 0 && v.minor == 0 && v.patch == 0) {
            return Optional.empty();
        }
        return Optional.of(v);
    }

    /** Semantic-version order: a pre-release comes before its release. */
    @Override
    public int compareTo(NriVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Integer.compare(patch, o.patch);
        }
        return c != 0 ? c : comparePreRelease(preRelease, o.preRelease);
    }

    /** The version as {@code v1.2.3} or {@code v1.2.3-rc.1}. */
    @Override
    public String toString() {
        return "v" + major + "." + minor + "." + patch + (preRelease.isEmpty() ? "" : "-" + preRelease);
    }

    private static int comparePreRelease(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        if (a.isEmpty()) {
            return 1;
        }
        if (b.isEmpty()) {
            return -1;
        }
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            boolean xn = x[i].chars().allMatch(Character::isDigit);
            boolean yn = y[i].chars().allMatch(Character::isDigit);
            int c;
            if (xn && yn) {
                c = x[i].length() != y[i].length() ? Integer.compare(x[i].length(), y[i].length())
                        : x[i].compareTo(y[i]);
            } else if (xn || yn) {
                c = xn ? -1 : 1;
            } else {
                c = x[i].compareTo(y[i]);
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static int number(String s) {
        if (s == null) {
            return 0;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
