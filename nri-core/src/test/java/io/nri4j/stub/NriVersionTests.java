package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class NriVersionTests {

    @Test
    void parsesWithOrWithoutTheLeadingV() {
        assertThat(NriVersion.parse("v0.12.5")).contains(new NriVersion(0, 12, 5, ""));
        assertThat(NriVersion.parse("0.12.5")).isEqualTo(NriVersion.parse("v0.12.5"));
        assertThat(NriVersion.parse("1.34.2")).contains(new NriVersion(1, 34, 2, ""));
    }

    @Test
    void keepsThePreRelease() {
        assertThat(NriVersion.parse("v1.0.0-rc.1")).contains(new NriVersion(1, 0, 0, "rc.1"));
        assertThat(NriVersion.parse("v0.3.1-0.20230504231226-94185418e253"))
                .contains(new NriVersion(0, 3, 1, "0.20230504231226-94185418e253"));
    }

    @Test
    void buildMetadataIsIgnored() {
        assertThat(NriVersion.parse("1.2.3+build.5")).contains(new NriVersion(1, 2, 3, ""));
    }

    @Test
    void gitDescribeSuffixCountsAsTheReleaseItFollows() {
        assertThat(NriVersion.parse("v2.2.0-225-ge9dc15b7a.m")).contains(new NriVersion(2, 2, 0, ""));
        assertThat(NriVersion.parse("v2.2.0-3-g0123abc")).contains(new NriVersion(2, 2, 0, ""));
    }

    @Test
    void numbersCompareNumerically() {
        assertOrdered("v0.9.0", "v0.10.0", "v0.12.5", "v1.0.0", "v1.7.5", "v1.7.30", "v2.1.6", "v10.0.0");
    }

    @Test
    void preReleasesOrderAsSemverSays() {
        // The example in semver.org section 11.
        assertOrdered("1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0");
    }

    @Test
    void goPseudoVersionSitsBetweenTheReleasesAroundIt() {
        NriVersion pseudo = NriVersion.parse("v0.3.1-0.20230504231226-94185418e253").orElseThrow();

        assertThat(pseudo).isGreaterThan(NriVersion.parse("v0.3.0").orElseThrow())
                .isLessThan(NriVersion.parse("v0.3.1").orElseThrow());
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "(devel)", "0.0.0-unknown", "v0.0.0", "junk", "v", "1.2.3.4"})
    void unusableVersionsAreEmpty(String text) {
        assertThat(NriVersion.parse(text)).isEmpty();
    }

    @Test
    void toStringIsTheCanonicalForm() {
        assertThat(NriVersion.parse("1.2.3")).get().hasToString("v1.2.3");
        assertThat(NriVersion.parse("v1.2.3-rc.1+meta")).get().hasToString("v1.2.3-rc.1");
    }

    private static void assertOrdered(String... ascending) {
        List<NriVersion> expected = new ArrayList<>();
        for (String v : ascending) {
            expected.add(NriVersion.parse(v).orElseThrow());
        }
        List<NriVersion> shuffled = new ArrayList<>(expected);
        Collections.shuffle(shuffled, new Random(42));
        Collections.sort(shuffled);

        assertThat(shuffled).isEqualTo(expected);
        for (int i = 1; i < expected.size(); i++) {
            assertThat(expected.get(i - 1)).as("%s < %s", ascending[i - 1], ascending[i]).isLessThan(expected.get(i));
        }
    }
}
