package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuntimeVersionsTest {

    @ParameterizedTest(name = "{0} {1} ships NRI {2}")
    @CsvSource({
        "containerd, v1.7.0,  v0.3.0",
        "containerd, v1.7.5,  v0.3.0",
        "containerd, v1.7.30, v0.8.0",
        "containerd, v2.1.6,  v0.8.0",
        "containerd, v2.2.0,  v0.10.0",
        "containerd, v2.2.1,  v0.11.0",
        "containerd, v2.3.0,  v0.11.0",
        "cri-o,      1.34.2,  v0.10.0",
        "cri-o,      v1.35.0, v0.11.0",
        "cri-o,      1.26.4,  v0.3.1-0.20230504231226-94185418e253",
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
    })
    void unknownRuntimesAndReleasesAreEmpty(String runtime, String version) {
        assertThat(RuntimeVersions.infer(runtime, version)).isEmpty();
    }
}
