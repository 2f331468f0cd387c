package io.nri4j.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WireTextTests {

    @Test
    void plainNamesAreLeftAlone() {
        assertThat(WireText.escape("nri.pkg.api.v1alpha1.Plugin")).isEqualTo("nri.pkg.api.v1alpha1.Plugin");
        assertThat(WireText.escape("héllo wörld ✓")).isEqualTo("héllo wörld ✓");
    }

    @Test
    void lineBreaksCannotForgeALogLine() {
        String forged = WireText.escape("Echo\n[main] INFO io.nri4j - all good\r\u2028");

        assertThat(forged).doesNotContain("\n", "\r", "\u2028")
                .isEqualTo("Echo\\n[main] INFO io.nri4j - all good\\r\\u2028");
    }

    @Test
    void otherControlAndFormatCharactersAreEscaped() {
        assertThat(WireText.escape("a\u0000b\u001b[31mc\u007fd\u0085e\u202ef\t"))
                .isEqualTo("a\\x00b\\x1b[31mc\\x7fd\\x85e\\u202ef\\t");
    }

    @Test
    void aLoneSurrogateIsEscapedAndAPairIsKept() {
        assertThat(WireText.escape("x\ud800y\ud83d\ude00")).isEqualTo("x\\ud800y\ud83d\ude00");
    }

    @Test
    void longTextIsCutAndSaysHowMuchWasLeftOut() {
        String name = "n".repeat(4 << 20);

        String escaped = WireText.escape(name);

        assertThat(escaped).startsWith("n".repeat(WireText.MAX_LENGTH))
                .endsWith("... (4194048 more characters)")
                .hasSizeLessThan(WireText.MAX_LENGTH + 40);
    }

    @Test
    void escapesCountTowardsTheCap() {
        String escaped = WireText.escape("\n".repeat(1000), 10);

        assertThat(escaped).isEqualTo("\\n".repeat(5) + "... (995 more characters)");
    }

    @Test
    void nullIsSaidSo() {
        assertThat(WireText.escape(null)).isEqualTo("null");
    }
}
