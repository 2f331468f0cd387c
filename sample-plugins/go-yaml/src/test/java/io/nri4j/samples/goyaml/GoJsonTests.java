package io.nri4j.samples.goyaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Decoding follows sigs.k8s.io/yaml and encoding/json; each expectation is what upstream's plugin
 * decodes from the same text.
 */
class GoJsonTests {

    @Test
    void readsNumbersAndBooleansIntoStringsAsTheirGoText() {
        GoJson.Struct s = struct("{a: 256, b: yes, c: 0.5, d: 1e6, e: 3.14159265, f: 1.0, g: 0.00001}",
                "a", "b", "c", "d", "e", "f", "g");

        assertThat(List.of(s.string("a"), s.string("b"), s.string("c"), s.string("d"), s.string("e"), s.string("f"),
                s.string("g"))).containsExactly("256", "true", "0.5", "1e+06", "3.1415927", "1", "1e-05");
    }

    @Test
    void readsIntegralFloatsIntoIntegersButNotFractionsOrText() {
        GoJson.Struct s = struct("{a: 1.0, b: 1e3, c: 0x10}", "a", "b", "c");

        assertThat(List.of(s.int64("a"), s.int64("b"), s.int64("c"))).containsExactly(1L, 1000L, 16L);
        assertThatThrownBy(() -> struct("{a: 1.5}", "a").int64("a"))
                .hasMessage("cannot unmarshal number 1.5 into Go struct field t.a of type int64");
        assertThatThrownBy(() -> struct("{a: '1'}", "a").int64("a"))
                .hasMessage("cannot unmarshal string into Go struct field t.a of type int64");
    }

    @Test
    void checksTheRangeOfEachIntegerType() {
        assertThat(struct("{a: 4294967295}", "a").uint32("a")).isEqualTo(-1);
        assertThat(struct("{a: 18446744073709551615}", "a").uint64("a")).isEqualTo(-1L);
        assertThatThrownBy(() -> struct("{a: 4294967296}", "a").uint32("a")).hasMessageContaining("of type uint32");
        assertThatThrownBy(() -> struct("{a: -1}", "a").uint64("a")).hasMessageContaining("of type uint64");
        assertThatThrownBy(() -> struct("{a: -0.0}", "a").uint32("a")).hasMessageContaining("of type uint32");
        assertThatThrownBy(() -> struct("{a: 2147483648}", "a").int32("a")).hasMessageContaining("of type int32");
    }

    @Test
    void matchesKeysIgnoringCaseAndLetsTheLastSortedKeyWin() {
        assertThat(struct("{NAME: x}", "name").string("name")).isEqualTo("x");
        // "Name" sorts before "name", so "name" is assigned last.
        assertThat(struct("{name: lower, Name: upper}", "name").string("name")).isEqualTo("lower");
        assertThat(struct("{name: ~}", "name").string("name")).isEmpty();
    }

    @Test
    void ignoresUnknownKeysUnlessTheyHoldWhatJsonCannotWrite() {
        assertThat(struct("{name: x, other: {deep: [1]}}", "name").string("name")).isEqualTo("x");
        assertThatThrownBy(() -> struct("{name: x, other: .nan}", "name")).hasMessage("unsupported value: NaN");
    }

    @Test
    void readsNullItemsOfStringListsAndMapsAsEmptyStrings() {
        assertThat(GoJson.strings(GoYaml.parse("[a, ~, 1]"), "Go value")).containsExactly("a", "", "1");
        assertThat(GoJson.stringMap(GoYaml.parse("{a: ~, b: 1}"), "Go value")).isEqualTo(Map.of("a", "", "b", "1"));
    }

    @Test
    void refusesAShapeThatIsNotTheGoType() {
        assertThatThrownBy(() -> GoJson.slice(GoYaml.parse("{a: b}"), "Go value", "[]main.device"))
                .hasMessage("cannot unmarshal object into Go value of type []main.device");
        assertThatThrownBy(() -> GoJson.struct(GoYaml.parse("[a]"), "main.ioPrio", "class"))
                .hasMessage("cannot unmarshal array into Go value of type main.ioPrio");
        assertThatThrownBy(() -> GoJson.stringMap(GoYaml.parse("{a: [1]}"), "Go value"))
                .hasMessage("cannot unmarshal array into Go value of type string");
    }

    private static GoJson.Struct struct(String yaml, String... fields) {
        return GoJson.struct(GoYaml.parse(yaml), "main.t", fields);
    }
}
