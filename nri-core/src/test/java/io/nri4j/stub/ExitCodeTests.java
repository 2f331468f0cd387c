package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.internal.mux.MuxCodecException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** How a plugin's connection ended, in the exit code a supervisor reads. */
@Timeout(30)
class ExitCodeTests {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    private FakeRuntime runtime;

    @AfterEach
    void close() throws IOException {
        if (runtime != null) {
            runtime.close();
        }
    }

    @Test
    void eachKindOfEndHasItsSysexitsCode() {
        assertThat(Disconnect.Kind.SHUTDOWN.exitCode()).isZero();
        assertThat(Disconnect.Kind.RUNTIME_GONE.exitCode()).isEqualTo(69);
        assertThat(Disconnect.Kind.INTERNAL_ERROR.exitCode()).isEqualTo(70);
        assertThat(Disconnect.Kind.PROTOCOL_ERROR.exitCode()).isEqualTo(76);
        assertThat(Disconnect.Kind.REGISTRATION_REFUSED.exitCode()).isEqualTo(78);
    }

    @Test
    void theKindFollowsFromTheFactsWhenNotGiven() {
        assertThat(new Disconnect("x", Optional.empty(), Optional.empty(), true).kind())
                .isEqualTo(Disconnect.Kind.SHUTDOWN);
        assertThat(new Disconnect("x", Optional.of("other plugin instance registered"), Optional.empty(), false)
                .exitCode()).isZero();
        assertThat(new Disconnect("x", Optional.empty(), Optional.empty(), false).exitCode()).isEqualTo(69);
        assertThat(new Disconnect("x", Optional.empty(),
                Optional.of(new MuxCodecException("bad")), false).exitCode()).isEqualTo(76);
        assertThat(new Disconnect("x", Optional.empty(), Optional.of(new IllegalStateException("bug")), false)
                .exitCode()).isEqualTo(70);
    }

    @Test
    void nothingListeningAtTheSocketIsRuntimeGone() throws Exception {
        assertThat(plugin(dir.resolve("missing.sock")).runForExitCode()).isEqualTo(69);
    }

    @Test
    void aStaleSocketNobodyListensOnIsRuntimeGone() throws Exception {
        Path socket = dir.resolve("stale.sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(socket).exists();

        assertThat(plugin(socket).runForExitCode()).isEqualTo(69);
    }

    @Test
    void aRuntimeThatHangsUpIsRuntimeGone() throws Exception {
        CompletableFuture<Integer> code = start(FakeRuntime::hangUp);

        assertThat(code).succeedsWithin(WAIT).isEqualTo(69);
    }

    @Test
    void aRefusedRegistrationIsAConfigurationError() throws Exception {
        CompletableFuture<Integer> code = start(FakeRuntime::refuseRegistration);

        assertThat(code).succeedsWithin(WAIT).isEqualTo(78);
    }

    @Test
    void garbageFromTheRuntimeIsAProtocolError() throws Exception {
        CompletableFuture<Integer> code = start(FakeRuntime::sendGarbage);

        assertThat(code).succeedsWithin(WAIT).isEqualTo(76);
    }

    @Test
    void aShutdownRequestedByTheRuntimeIsAnOrderlyEnd() throws Exception {
        CompletableFuture<Integer> code = start(script -> {
            script.shutDownThePlugin("other plugin instance registered");
            script.hangUp();
        });

        assertThat(code).succeedsWithin(WAIT).isEqualTo(0);
    }

    @Test
    void aBadInheritedSocketIsAConfigurationError() throws Exception {
        NriPlugin plugin = DispatchHarness.trivialPlugin().environment(Map.of(NriPlugin.SOCKET_ENV, "three\n"))
                .build();

        assertThat(plugin.runForExitCode()).isEqualTo(78);
    }

    /** Runs a plugin against a fake runtime playing {@code script}; completes with its exit code. */
    private CompletableFuture<Integer> start(Script script) throws Exception {
        Path socket = dir.resolve("nri.sock");
        runtime = new FakeRuntime(socket);
        NriPlugin plugin = plugin(socket);
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> {
            try {
                return plugin.runForExitCode();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        script.play(runtime.accept());
        return code.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    private static NriPlugin plugin(Path socket) {
        return DispatchHarness.trivialPlugin().socketPath(socket).build();
    }

    @FunctionalInterface
    private interface Script {
        void play(FakeRuntime runtime) throws IOException;
    }
}
