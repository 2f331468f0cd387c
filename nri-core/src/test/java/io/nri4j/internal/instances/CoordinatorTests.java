package io.nri4j.internal.instances;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoordinatorTests {

    private static final String SOCKET = "/run/nri/nri.sock";

    @TempDir
    Path root;

    private final List<Coordinator> open = new ArrayList<>();

    @AfterEach
    void leave() {
        open.forEach(Coordinator::close);
    }

    @Test
    void aLoneInstanceHandlesEverythingAndWritesNoRounds() throws IOException {
        Coordinator a = join("a");

        for (int i = 0; i < 100; i++) {
            Turn turn = a.turn(() -> "CREATE_CONTAINER/c" + System.nanoTime());
            assertThat(turn).isSameAs(Turn.ALONE);
        }
        assertThat(rounds(a)).isZero();
    }

    @Test
    void theFirstInstanceAskedHandlesAndTheOtherYieldsToIt() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");

        Turn first = b.turn(() -> "CREATE_CONTAINER/c1");
        first.answering();
        Turn second = a.turn(() -> "CREATE_CONTAINER/c1");

        assertThat(first).isInstanceOf(Turn.Claimed.class);
        assertThat(second).isEqualTo(new Turn.Yielded("b"));
        assertThat(a.peers()).extracting(PeerInstance::id).containsExactly("b");
    }

    @Test
    void anInstanceAskedOnAnInterruptedThreadStillYieldsAndKeepsTheInterrupt() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");
        b.turn(() -> "CREATE_CONTAINER/c1").answering();

        Thread.currentThread().interrupt();
        Turn second;
        boolean stillInterrupted;
        try {
            second = a.turn(() -> "CREATE_CONTAINER/c1");
        } finally {
            stillInterrupted = Thread.interrupted();
        }

        // Giving up the claim would have meant handling it "alone", beside b: both would answer.
        assertThat(second).isEqualTo(new Turn.Yielded("b"));
        assertThat(stillInterrupted).isTrue();
    }

    @Test
    void theSameRequestAskedAgainIsANewRoundWhoeverIsAskedFirst() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");

        answer(a.turn(() -> "UPDATE_CONTAINER/c1"));
        assertThat(b.turn(() -> "UPDATE_CONTAINER/c1").handles()).isFalse();

        Turn again = b.turn(() -> "UPDATE_CONTAINER/c1");
        answer(again);
        assertThat(again.handles()).isTrue();
        assertThat(a.turn(() -> "UPDATE_CONTAINER/c1").handles()).isFalse();
    }

    @Test
    void anInstanceAskedAfterAClaimantThatNeverAnsweredTakesTheRequestOver() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");

        Turn claimed = a.turn(() -> "CREATE_CONTAINER/c1"); // a's answer never went out
        Turn next = b.turn(() -> "CREATE_CONTAINER/c1");

        assertThat(claimed.handles()).isTrue();
        assertThat(next).isEqualTo(new Turn.Claimed(b, "CREATE_CONTAINER/c1", true));
    }

    @Test
    void roundsFromBeforeAnInstanceSynchronizedAreNotItsOwn() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");
        answer(a.turn(() -> "UPDATE_CONTAINER/c1"));

        Coordinator c = join("c");
        c.synchronizing();
        a.close(); // a leaves before the runtime asks about c1 again

        answer(c.turn(() -> "UPDATE_CONTAINER/c1"));
        assertThat(b.turn(() -> "UPDATE_CONTAINER/c1").handles()).isFalse();
    }

    @Test
    void anInstanceThatLeftIsNoLongerWaitedFor() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");
        answer(a.turn(() -> "CREATE_CONTAINER/c1"));

        b.close();

        assertThat(a.turn(() -> "CREATE_CONTAINER/c2")).isSameAs(Turn.ALONE);
        assertThat(a.peers()).isEmpty();
    }

    @Test
    void anInstanceAskedAfterAPeerAnsweredAndLeftYieldsToIt() throws IOException {
        // As in a rolling update: the old instance answers, stops, and only then does the
        // runtime ask the new one about the same container.
        Coordinator a = join("a");
        Coordinator b = join("b");
        a.synchronizing();
        answer(b.turn(() -> "CREATE_CONTAINER/c1"));

        b.close();

        assertThat(a.turn(() -> "CREATE_CONTAINER/c1")).isEqualTo(new Turn.Yielded("b"));
        assertThat(a.peers()).isEmpty();
        assertThat(a.turn(() -> "CREATE_CONTAINER/c2")).isSameAs(Turn.ALONE);
    }

    @Test
    void aRequestAPeerClaimedButNeverAnsweredBeforeLeavingIsHandled() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");
        assertThat(b.turn(() -> "CREATE_CONTAINER/c1").handles()).isTrue();

        b.close();

        assertThat(a.turn(() -> "CREATE_CONTAINER/c1")).isSameAs(Turn.ALONE);
    }

    @Test
    void anInstanceWhoseProcessDiedWithoutLeavingIsForgotten() throws Exception {
        Coordinator a = join("a");
        Process peer = new ProcessBuilder(javaBinary(), "-cp", System.getProperty("java.class.path"),
                JoinAndWait.class.getName(), root.toString(), SOCKET).redirectErrorStream(true).start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.lines().dropWhile(line -> !line.equals("joined")).findFirst()).contains("joined");
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> a.turn(() -> "CREATE_CONTAINER/x") instanceof Turn.Claimed);
            assertThat(a.peers()).extracting(PeerInstance::id).containsExactly("other-process");

            peer.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

            await().atMost(Duration.ofSeconds(30)).until(() -> a.turn(() -> "CREATE_CONTAINER/y") == Turn.ALONE);
            assertThat(a.peers()).isEmpty();
            try (Stream<Path> files = Files.list(a.directory().resolve("instances"))) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a");
            }
        } finally {
            peer.destroyForcibly();
        }
    }

    @Test
    void instancesOfAnotherPluginOrRuntimeAreNotPeers() throws IOException {
        Coordinator a = join("a");
        Coordinator other = Coordinator.join(root, "10-other", SOCKET, peer("o"));
        Coordinator elsewhere = Coordinator.join(root, "10-test", "/tmp/another/nri.sock", peer("e"));
        open.add(other);
        open.add(elsewhere);

        assertThat(a.turn(() -> "CREATE_CONTAINER/c1")).isSameAs(Turn.ALONE);
    }

    @Test
    void theLastInstanceToLeaveRemovesTheDirectoryAndOnlyIt() throws IOException {
        Coordinator a = join("a");
        Coordinator b = join("b");
        Coordinator other = Coordinator.join(root, "10-other", SOCKET, peer("o"));
        open.add(other);
        answer(a.turn(() -> "CREATE_CONTAINER/c1"));

        b.close();
        assertThat(a.directory()).isDirectory();
        a.close();

        assertThat(a.directory()).doesNotExist();
        try (Stream<Path> left = Files.list(root)) {
            assertThat(left).containsExactly(other.directory());
        }
    }

    @Test
    void anInstanceJoiningAfterTheLastLeftStartsAnew() throws IOException {
        Coordinator a = join("a");
        answer(a.turn(() -> "CREATE_CONTAINER/c1"));
        a.close();

        Coordinator b = join("b");
        Coordinator c = join("c");

        assertThat(b.directory()).isDirectory();
        assertThat(c.turn(() -> "CREATE_CONTAINER/c2")).isInstanceOf(Turn.Claimed.class);
        assertThat(c.peers()).extracting(PeerInstance::id).containsExactly("b");
    }

    @Test
    void aJoinerThatOpenedTheFilesOfADirectoryRemovedMeanwhileIsToldSo() throws IOException {
        Coordinator a = join("a");
        // A joiner half-way: it has opened the shared files, not yet written its own.
        SharedCounters joining = new SharedCounters(a.directory());
        try {
            a.close();

            assertThat(a.directory()).doesNotExist();
            assertThatThrownBy(() -> joining.locked(() -> null))
                    .isInstanceOf(SharedCounters.Removed.class);
        } finally {
            joining.close();
        }
    }

    @Test
    void aTornRoundFileCountsAsNoRound() {
        assertThat(Round.decode("")).isNull();
        assertThat(Round.decode("a 1 x 2 a")).isNull();
        Round r = Round.claimedBy("a", 3, 4).seenBy("b", 5, 6);
        assertThat(Round.decode(r.encode())).isEqualTo(r);
    }

    private Coordinator join(String id) throws IOException {
        Coordinator c = Coordinator.join(root, "10-test", SOCKET, peer(id));
        open.add(c);
        return c;
    }

    private static PeerInstance peer(String id) {
        return new PeerInstance(id, ProcessHandle.current().pid(), "1.0", Instant.now());
    }

    private static void answer(Turn turn) {
        assertThat(turn.handles()).isTrue();
        turn.answering();
    }

    private static long rounds(Coordinator c) throws IOException {
        try (Stream<Path> files = Files.list(c.directory().resolve("rounds"))) {
            return files.count();
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Another process: joins, says so, and waits to be killed. */
    public static final class JoinAndWait {
        public static void main(String[] args) throws Exception {
            Coordinator.join(Path.of(args[0]), "10-test", args[1],
                    new PeerInstance("other-process", ProcessHandle.current().pid(), "2.0", Instant.now()));
            System.out.println("joined");
            System.out.flush();
            Thread.currentThread().join();
        }
    }
}
