package io.nri4j.samples.goyaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scalars resolve as gopkg.in/yaml.v2 resolves them, not as SnakeYAML would; every expectation
 * here is what upstream's plugin reads from the same text.
 */
class GoYamlTests {

    static Stream<Arguments> scalars() {
        return Stream.of(
                Arguments.of("y", true), Arguments.of("Yes", true), Arguments.of("ON", true), Arguments.of("n", false),
                Arguments.of("off", false), Arguments.of("yES", "yES"), Arguments.of("~", null), Arguments.of("", null),
                Arguments.of("Null", null), Arguments.of("12", BigInteger.valueOf(12)),
                Arguments.of("+12", BigInteger.valueOf(12)),
                Arguments.of("0644", BigInteger.valueOf(420)), Arguments.of("0o17", BigInteger.valueOf(15)),
                Arguments.of("0x1F", BigInteger.valueOf(31)), Arguments.of("-0x10", BigInteger.valueOf(-16)),
                Arguments.of("0b101", BigInteger.valueOf(5)), Arguments.of("1_000", BigInteger.valueOf(1000)),
                Arguments.of("08", 8.0), Arguments.of("1.5", 1.5), Arguments.of(".5", 0.5), Arguments.of("1e3", 1000.0),
                Arguments.of("18446744073709551615", GoText.UINT64_MAX),
                Arguments.of("18446744073709551616", 1.8446744073709552e19), Arguments.of("1e400", "1e400"),
                Arguments.of(".inf", Double.POSITIVE_INFINITY), Arguments.of("0x", "0x"),
                Arguments.of("190:20:30", "190:20:30"), Arguments.of("2001-12-14", "2001-12-14"),
                Arguments.of("<<", "<<"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scalars")
    void resolvesAPlainScalarAsYamlV2Does(String text, Object expected) {
        assertThat(GoYaml.resolve(text)).isEqualTo(expected);
        assertThat(GoYaml.parse("value: " + text)).isEqualTo(Collections.singletonMap("value", expected));
    }

    @Test
    void keepsQuotedAndBlockScalarsAsStrings() {
        assertThat(GoYaml.parse("[ '12', \"yes\", !!str 1.5 ]")).isEqualTo(List.of("12", "yes", "1.5"));
        assertThat(GoYaml.parse("|\n  0644\n")).isEqualTo("0644\n");
    }

    @Test
    void honoursExplicitTagsAndRefusesOnesThatDoNotFit() {
        assertThat(GoYaml.parse("[!!int '12', !!float 3, !!binary aGVsbG8=]"))
                .isEqualTo(List.of(BigInteger.valueOf(12), 3.0, "hello"));
        assertThatThrownBy(() -> GoYaml.parse("!!int abc")).isInstanceOf(GoDecodeException.class)
                .hasMessage("cannot decode !!str `abc` as a !!int");
    }

    @Test
    void turnsMapKeysIntoStringsAsSigsYamlDoes() {
        assertThat(GoYaml.parse("{1: a, yes: b, 1.5: c, .inf: d}"))
                .isEqualTo(Map.of("1", "a", "true", "b", "1.5", "c", ".inf", "d"));
        assertThatThrownBy(() -> GoYaml.parse("{~: a}")).isInstanceOf(GoDecodeException.class)
                .hasMessageContaining("unsupported map key");
    }

    @Test
    void mergesMapsAndLetsTheLaterDuplicateKeyWin() {
        assertThat(GoYaml.parse("- &base {path: /dev/a, type: c}\n- {<<: *base, path: /dev/b}"))
                .isEqualTo(List.of(Map.of("path", "/dev/a", "type", "c"), Map.of("path", "/dev/b", "type", "c")));
        assertThat(GoYaml.parse("{path: /dev/a, path: /dev/b}")).isEqualTo(Map.of("path", "/dev/b"));
    }

    @Test
    void readsOnlyTheFirstDocument() {
        assertThat(GoYaml.parse("- a\n---\n- b\n")).isEqualTo(List.of("a"));
        assertThat(GoYaml.parse("# only a comment\n")).isNull();
    }

    @Test
    void saysWhereTheYamlIsBroken() {
        assertThatThrownBy(() -> GoYaml.parse("- [unclosed")).isInstanceOf(GoDecodeException.class)
                .hasMessageStartingWith("yaml: line 1, column 12: expected ',' or ']'");
    }
}
