package io.nri4j.internal.enforce;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.internal.enforce.Ledger.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerTests {

    @TempDir
    Path dir;

    @Test
    void theFirstReconcileOnANodeCallsEveryUnmarkedContainerPreexisting() throws Exception {
        Ledger ledger = Ledger.at(dir, "policy");

        Map<String, Verdict> verdicts = ledger.reconcile(List.of("a", "b"), Set.of("a", "b", "c"));

        assertThat(verdicts).containsOnly(Map.entry("a", Verdict.PREEXISTING), Map.entry("b", Verdict.PREEXISTING));
        assertThat(Files.readAllLines(dir.resolve("policy/ledger"))).startsWith("nri4j-ledger 1");
    }

    @Test
    void aNewContainerStaysNewUntilItsReportIsRecordedThenIsKnownAcrossLedgerInstances() throws Exception {
        Ledger.at(dir, "policy").reconcile(List.of("a"), Set.of("a"));

        assertThat(Ledger.at(dir, "policy").reconcile(List.of("a", "b"), Set.of("a", "b")))
                .containsEntry("a", Verdict.KNOWN).containsEntry("b", Verdict.NEW);
        // An instance stopped before its catch-up leaves it to the next one.
        assertThat(Ledger.at(dir, "policy").reconcile(List.of("a", "b"), Set.of("a", "b")))
                .containsEntry("b", Verdict.NEW);
        Ledger.at(dir, "policy").reported(List.of("b"));
        assertThat(Ledger.at(dir, "policy").reconcile(List.of("a", "b"), Set.of("a", "b")))
                .containsEntry("b", Verdict.KNOWN);
        assertThat(Ledger.at(dir, "policy").knows("b")).isTrue();
        assertThat(Ledger.at(dir, "policy").knows("c")).isFalse();
    }

    @Test
    void containersTheRuntimeNoLongerListsArePrunedSoTheLedgerStaysTheNodesSize() throws Exception {
        Ledger ledger = Ledger.at(dir, "policy");
        ledger.reconcile(List.of("a"), Set.of("a"));
        ledger.reconcile(List.of("b"), Set.of("b"));
        ledger.reported(List.of("b"));

        ledger.reconcile(List.of(), Set.of());

        assertThat(Files.readAllLines(dir.resolve("policy/ledger"))).containsExactly("nri4j-ledger 1");
        assertThat(ledger.reconcile(List.of("b"), Set.of("b"))).containsEntry("b", Verdict.NEW);
    }

    @Test
    void aDamagedLedgerCountsAsEmptyNotAsAFirstInstallation() throws Exception {
        Files.createDirectories(dir.resolve("policy"));
        Files.writeString(dir.resolve("policy/ledger"), "garbage\n");

        assertThat(Ledger.at(dir, "policy").reconcile(List.of("a"), Set.of("a"))).containsEntry("a", Verdict.NEW);
    }

    @Test
    void inMemoryEveryUnmarkedContainerIsNewOnce() throws Exception {
        Ledger ledger = Ledger.inMemory();

        assertThat(ledger.reconcile(List.of("a"), Set.of("a"))).containsEntry("a", Verdict.NEW);
        ledger.reported(List.of("a"));
        assertThat(ledger.reconcile(List.of("a"), Set.of("a"))).containsEntry("a", Verdict.KNOWN);
        assertThat(ledger.location()).isEqualTo("memory");
    }
}
