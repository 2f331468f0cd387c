package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PluginIdentityTests {

    private static final Map<String, String> ENV = Map.of("NRI_PLUGIN_NAME", "from-env", "NRI_PLUGIN_IDX", "42");

    @Test
    void everyAllowedCharacterMakesAValidName() {
        PluginIdentity id = new PluginIdentity("abcd-0123+EFGH_4567.ijkl", "05");

        assertThat(id.fullName()).isEqualTo("05-abcd-0123+EFGH_4567.ijkl");
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo,bar", "foo bar", "foo/bar", "föö"})
    void nameWithAnotherCharacterIsInvalid(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> new PluginIdentity(name, "10"))
                .withMessageContaining("invalid plugin name \"" + name + "\"")
                .withMessageContaining("is not allowed");
    }

    @Test
    void emptyNameIsInvalid() {
        assertThatIllegalArgumentException().isThrownBy(() -> new PluginIdentity("", "10"))
                .withMessageContaining("the name is empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "100", "a1", "1a", "", " 1"})
    void indexThatIsNotTwoDigitsIsInvalid(String index) {
        assertThatIllegalArgumentException().isThrownBy(() -> new PluginIdentity("foo", index))
                .withMessageContaining("invalid plugin index \"" + index + "\"")
                .withMessageContaining("two digits");
    }

    @Test
    void resolveTakesWhatIsMissingFromTheEnvironment() {
        assertThat(PluginIdentity.resolve(null, null, ENV)).isEqualTo(new PluginIdentity("from-env", "42"));
        assertThat(PluginIdentity.resolve(" ", "", ENV)).isEqualTo(new PluginIdentity("from-env", "42"));
    }

    @Test
    void resolvePrefersExplicitValues() {
        assertThat(PluginIdentity.resolve("mine", "07", ENV)).isEqualTo(new PluginIdentity("mine", "07"));
        assertThat(PluginIdentity.resolve("mine", null, ENV)).isEqualTo(new PluginIdentity("mine", "42"));
        assertThat(PluginIdentity.resolve(null, "07", ENV)).isEqualTo(new PluginIdentity("from-env", "07"));
    }

    @Test
    void resolveNamesWhatIsMissing() {
        assertThatIllegalArgumentException().isThrownBy(() -> PluginIdentity.resolve(null, "10", Map.of()))
                .withMessageContaining("no name")
                .withMessageContaining("NRI_PLUGIN_NAME");
        assertThatIllegalArgumentException().isThrownBy(() -> PluginIdentity.resolve("foo", null, Map.of()))
                .withMessageContaining("plugin \"foo\" has no index")
                .withMessageContaining("NRI_PLUGIN_IDX");
    }

    @Test
    void resolveStillChecksWhatTheEnvironmentGave() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PluginIdentity.resolve(null, null, Map.of("NRI_PLUGIN_NAME", "a,b",
                        "NRI_PLUGIN_IDX", "1")))
                .withMessageContaining("a,b");
    }
}
