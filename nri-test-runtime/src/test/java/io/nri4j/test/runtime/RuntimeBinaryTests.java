package io.nri4j.test.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RuntimeBinaryTests {

    @Test
    void findsTheProgramOfEachLinuxArchitectureNriRunsOn() {
        assertThat(RuntimeBinary.resource("Linux", "amd64")).isEqualTo("linux-x86_64/nri-runtime");
        assertThat(RuntimeBinary.resource("Linux", "aarch64")).isEqualTo("linux-aarch_64/nri-runtime");
    }

    @Test
    void refusesOtherSystemsNamingThemAndWhatToDo() {
        assertThatThrownBy(() -> RuntimeBinary.resource("Mac OS X", "aarch64"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the NRI test runtime runs on Linux x86_64 and aarch64, as NRI itself does; "
                        + "this is Mac OS X aarch64.")
                .hasMessageContaining("-Dnri.test.runtime.binary");
        assertThatThrownBy(() -> RuntimeBinary.resource("Linux", "s390x")).hasMessageContaining("this is Linux s390x");
    }

    @Test
    void extractsTheShippedProgramOnceAsAnExecutableWithoutBuildPaths() throws Exception {
        var binary = RuntimeBinary.locate();

        assertThat(binary).isExecutable().isEqualTo(RuntimeBinary.locate());
        assertThat(binary.getFileName().toString()).startsWith("nri4j-runtime-");
        String repository = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().toString();
        assertThat(new String(Files.readAllBytes(binary), StandardCharsets.ISO_8859_1)).doesNotContain(repository);
    }
}
