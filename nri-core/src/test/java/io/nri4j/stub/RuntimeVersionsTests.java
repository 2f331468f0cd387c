package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class RuntimeVersionsTests {

    @ParameterizedTest(name = "{0} {1} ships NRI {2}")
    @CsvSource({
        "containerd, v1.7.0,  v0.3.0",
        "containerd, v1.7.5,  v0.3.0",
        "containerd, v1.7.30, v0.8.0",
        "containerd, v2.1.6,  v0.8.0",
        "containerd, v2.2.0,  v0.10.0",
        "containerd, v2.2.1,  v0.11.0",
        "containerd, v2.3.0-rc.0, v0.11.0",
        "containerd, v2.3.0,  v0.12.0",
        "cri-o,      1.34.2,  v0.10.0",
        "cri-o,      v1.35.0, v0.11.0",
        "cri-o,      1.26.4,  v0.3.1-0.20230504231226-94185418e253",
        "containerd, v2.0.0-rc.6,  v0.7.0",
        "containerd, v2.1.0-rc.1,  v0.8.0",
        "containerd, v2.2.0-rc.1,  v0.10.0",
        "containerd, 1.7.24~ds1,   v0.6.1",
        "containerd, v1.7.27-0ubuntu1~24.04.1, v0.8.0",
        "containerd, v1.7.23-k3s2, v0.6.1",
        "containerd, 2.2.1~ds1,    v0.11.0",
        "cri-o,      1.34.1,  v0.10.0",
    })
    void infersTheNriVersionOfTheClosestOlderRelease(String runtime, String version, String nri) {
        assertThat(RuntimeVersions.infer(runtime, version)).isEqualTo(NriVersion.parse(nri));
        assertThat(RuntimeVersions.infer(runtime, version)).isPresent();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "podman,     v1.7.5",
        "containerd, v1.6.30",
        "containerd, (devel)",
        "cri-o,      ''",
        "containerd, ''",
        "containerd, 2",
        "containerd, v1.7.0-rc.0",
        "'',         v2.1.4",
    })
    void unknownRuntimesAndReleasesAreEmpty(String runtime, String version) {
        assertThat(RuntimeVersions.infer(runtime, version)).isEmpty();
    }

    @ParameterizedTest(name = "{0} is release {1}")
    @CsvSource({
        "v2.1.4,                   v2.1.4",
        "1.34.1,                   v1.34.1",
        "1.34,                     v1.34.0",
        "v2.1.0-rc.1,              v2.1.0-rc.1",
        "v2.2.0-beta.0,            v2.2.0-beta.0",
        "2.1.0~rc1~ds1,            v2.1.0-rc1",
        "1.7.24~ds1,               v1.7.24",
        "v1.7.27-0ubuntu1~24.04.1, v1.7.27",
        "v1.7.23-k3s2,             v1.7.23",
        "1.7.24-1,                 v1.7.24",
        "v2.0.0+unknown,           v2.0.0",
        "v2.2.0-225-ge9dc15b7a.m,  v2.2.0",
        "' v2.1.4 ',               v2.1.4",
    })
    void readsTheUpstreamReleaseOutOfWhatDistributionsReport(String version, String release) {
        assertThat(RuntimeVersions.release(version)).get().hasToString(release);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @NullSource
    @ValueSource(strings = {"", "(devel)", "unknown", "2", "v", "v0.0.0", "1.7.24.5", "latest"})
    void versionsWithoutARelease(String version) {
        assertThat(RuntimeVersions.release(version)).isEmpty();
    }

    @Test
    void aPreReleaseComesBeforeItsRelease() {
        assertThat(RuntimeVersions.release("v2.2.0-rc.1")).get()
                .matches(rc -> rc.compareTo(RuntimeVersions.release("v2.2.0").orElseThrow()) < 0);
        assertThat(RuntimeVersions.release("1.7.24~ds1")).isEqualTo(RuntimeVersions.release("v1.7.24"));
    }
}
