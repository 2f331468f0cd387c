package io.nri4j.samples.ulimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nri4j.samples.goyaml.GoDecodeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing an annotation value; each expectation is what upstream's plugin reads from the same text. */
class UlimitTests {

    @ParameterizedTest
    @ValueSource(strings = {"RLIMIT_NOFILE", "rlimit_nofile", "NOFILE", "nofile", "Rlimit_NoFile"})
    void takesTheTypeInAnyCaseWithOrWithoutItsPrefix(String type) {
        assertThat(Ulimit.parseAll("- {type: " + type + ", soft: 1024, hard: 4096}"))
                .containsExactly(new Ulimit("RLIMIT_NOFILE", 4096, 1024));
    }

    @Test
    void knowsEveryLinuxRlimit() {
        String all = "AS CORE CPU DATA FSIZE LOCKS MEMLOCK MSGQUEUE NICE NOFILE NPROC RSS RTPRIO RTTIME SIGPENDING"
                + " STACK";
        StringBuilder yaml = new StringBuilder();
        for (String type : all.split(" ")) {
            yaml.append("- type: ").append(type).append('\n');
        }

        assertThat(Ulimit.parseAll(yaml.toString())).extracting(Ulimit::type).hasSize(16)
                .allMatch(t -> t.startsWith("RLIMIT_"));
    }

    @Test
    void readsMissingLimitsAsZeroAndNumbersInGoSyntax() {
        assertThat(Ulimit.parseAll("- {type: nproc, hard: 9000}\n- {TYPE: core, HARD: 0x10, Soft: 1e1}"))
                .containsExactly(new Ulimit("RLIMIT_NPROC", 9000, 0), new Ulimit("RLIMIT_CORE", 16, 10));
    }

    @Test
    void holdsLimitsUpToTheLargestUint64() {
        Ulimit limit = Ulimit.parseAll("- {type: stack, hard: 18446744073709551615, soft: 1}").get(0);

        assertThat(limit.hard()).isEqualTo(-1L);
        assertThat(limit.hardBelowSoft()).isFalse();
        assertThat(limit.limits()).isEqualTo("hard 18446744073709551615, soft 1");
    }

    @Test
    void findsAHardLimitBelowTheSoftOne() {
        assertThat(Ulimit.parseAll("- {type: nofile, soft: 100}").get(0).hardBelowSoft()).isTrue();
        assertThat(Ulimit.parseAll("- {type: nofile, soft: 100, hard: 100}").get(0).hardBelowSoft()).isFalse();
    }

    @Test
    void refusesATypeThatIsNoRlimitQuotingItAsGiven() {
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: ULIMIT_NOFILE}")).isInstanceOf(GoDecodeException.class)
                .hasMessage("failed to parse type: \"ULIMIT_NOFILE\"");
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: RLIMIT_NICE}\n- {type: rlimit_bar}"))
                .hasMessage("failed to parse type: \"rlimit_bar\"");
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: yes}")).hasMessage("failed to parse type: \"true\"");
        assertThatThrownBy(() -> Ulimit.parseAll("- null")).hasMessage("failed to parse type: \"\"");
    }

    @Test
    void refusesLimitsThatAreNoUint64() {
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: nofile, hard: -1}"))
                .hasMessage("cannot unmarshal number -1 into Go struct field ulimit.hard of type uint64");
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: nofile, soft: '10'}"))
                .hasMessage("cannot unmarshal string into Go struct field ulimit.soft of type uint64");
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: nofile, soft: 1.5}")).hasMessageContaining("number 1.5");
    }

    @Test
    void refusesAValueThatIsNoListOfLimits() {
        assertThatThrownBy(() -> Ulimit.parseAll("{type: nofile}"))
                .hasMessage("cannot unmarshal object into Go value of type []main.ulimit");
        assertThatThrownBy(() -> Ulimit.parseAll("- [nofile]"))
                .hasMessage("cannot unmarshal array into Go value of type main.ulimit");
        assertThatThrownBy(() -> Ulimit.parseAll("- {type: nofile")).hasMessageStartingWith("yaml: line");
    }

    @Test
    void readsNothingFromAnEmptyList() {
        assertThat(Ulimit.parseAll("[]")).isEmpty();
        assertThat(Ulimit.parseAll("~")).isEmpty();
    }
}
