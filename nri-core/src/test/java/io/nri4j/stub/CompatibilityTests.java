package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.util.Version;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompatibilityTests {

    @Test
    void acceptsTheClasspathItIsBuiltWith() {
        assertThatCode(Compatibility::check).doesNotThrowAnyException();
    }

    @Test
    void acceptsAProtobufRuntimeAsNewAsTheGeneratedCodeOrNewer() {
        assertThatCode(() -> Compatibility.protobuf(Optional.of(new int[] {4, 34, 2}), "4.34.2"))
                .doesNotThrowAnyException();
        assertThatCode(() -> Compatibility.protobuf(Optional.of(new int[] {4, 35, 0}), "4.34.2"))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesAnOlderProtobufRuntimeNamingThePropertyToSet() {
        assertThatThrownBy(() -> Compatibility.protobuf(Optional.of(new int[] {4, 33, 5}), "4.34.2"))
                .isInstanceOf(IncompatibleClasspathException.class)
                .hasMessage("nri4j needs protobuf-java 4.34.2 or a later 4.x, but the classpath has 4.33.5. Set"
                        + " the protobuf-java.version property to 4.34.2 or later (a Spring Boot parent manages"
                        + " it), or manage com.google.protobuf:protobuf-java at that version.");
    }

    @Test
    void refusesAProtobufRuntimeOfAnotherMajorOrWithoutVersionInformation() {
        assertThatThrownBy(() -> Compatibility.protobuf(Optional.of(new int[] {5, 0, 0}), "4.34.2"))
                .hasMessageContaining("the classpath has 5.0.0");
        assertThatThrownBy(() -> Compatibility.protobuf(Optional.empty(), "4.34.2"))
                .hasMessageContaining("the classpath has a version before 4.26");
    }

    @Test
    void refusesNetty41NamingThePropertyToSet() {
        assertThatCode(() -> Compatibility.netty(Optional.of("4.2.15.Final"), "4.2.18.Final"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> Compatibility.netty(Optional.of("4.1.118.Final"), "4.2.18.Final"))
                .isInstanceOf(IncompatibleClasspathException.class)
                .hasMessageContaining("Netty 4.2.x (built with 4.2.18.Final), but the classpath has 4.1.118.Final")
                .hasMessageContaining("Set the netty.version property to 4.2.18.Final");
    }

    @Test
    void readsNettysVersionFromItsManifestAsNettysOwnIdentificationDoes() {
        Package common = Version.class.getPackage();
        assertThat(common.getImplementationTitle()).isEqualTo("Netty/Common");
        assertThat(Compatibility.nettyRuntime(common.getImplementationTitle(), common.getImplementationVersion(),
                () -> Optional.of("identified"))).hasValue(Version.identify()
                        .get("netty-common").artifactVersion());
    }

    @Test
    void identifiesNettyWhenItsClassesSitInAJarWithAnotherManifest() {
        assertThat(Compatibility.nettyRuntime("my-plugin", "1.0.0", () -> Optional.of("4.2.18.Final")))
                .hasValue("4.2.18.Final");
        assertThat(Compatibility.nettyRuntime(null, null, Optional::empty)).isEmpty();
    }
}
