package io.nri4j.test.runtime;

import static io.nri4j.test.runtime.Fixtures.CONTAINER;
import static io.nri4j.test.runtime.Fixtures.POD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nri4j.adjust.Adjustment;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.Disconnect;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.RuntimeInfo;
import io.nri4j.test.runtime.UpstreamRuntime.Mode;
import io.nri4j.test.runtime.UpstreamRuntime.Options;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UpstreamRuntimeDraftTests {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String REASON = "other plugin instance registered";

    @TempDir
    Path dir;

    private UpstreamRuntime runtime;
    private Plugins plugins;

    @BeforeEach
    void launch() {
        Path socket = dir.resolve("nri.sock");
        plugins = new Plugins(socket);
        runtime = UpstreamRuntime.launch(socket, Mode.DRAFT, Options.defaults()
                .withRuntime("draft-runtime", "v9.9.9").withRequestTimeout(Duration.ofSeconds(3)));
        runtime.start();
    }

    @AfterEach
    void release() {
        plugins.close();
        if (runtime != null) {
            runtime.close();
        }
    }

    @Test
    void shutdownReachesTheHandlerWithItsReasonAndTheConnectionClosesASecondLater() {
        CompletableFuture<String> told = new CompletableFuture<>();
        NriStub stub = plugins.connect(b -> b
                .onShutdown((request, context) -> told.complete(request.getReason()))
                .onStartContainer((request, context) -> { }));
        runtime.awaitSynchronized(WAIT);
        CompletableFuture<Long> closedAt = stub.closeFuture().toCompletableFuture().thenApply(d -> System.nanoTime());

        long shutdownSent = System.nanoTime();
        assertThat(runtime.shutdown(REASON)).isEqualTo(1);

        // The handler ran before Shutdown returned; the close comes a second after that.
        assertThat(told).isCompletedWithValue(REASON);
        assertThat(closedAt).succeedsWithin(WAIT).satisfies(at -> assertThat(Duration.ofNanos(at - shutdownSent))
                .isBetween(Duration.ofMillis(950), Duration.ofSeconds(5)));
        assertThat(stub.closeFuture()).succeedsWithin(WAIT).satisfies(gone -> {
            assertThat(gone.shutdownReason()).contains(REASON);
            assertThat(gone.reason()).isEqualTo("the runtime shut the plugin down: " + REASON);
        });
    }

    @Test
    void pluginsAreConfiguredWithTheOptionsAndTheDraftsNriVersion() {
        NriStub stub = plugins.connect(b -> b.onStartContainer((request, context) -> { }));

        runtime.awaitSynchronized(WAIT);

        RuntimeInfo info = stub.runtime().orElseThrow();
        assertThat(info.name()).isEqualTo("draft-runtime");
        assertThat(info.version()).isEqualTo("v9.9.9");
        assertThat(info.requestTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(info.reportedNriVersion()).isEqualTo("v0.12.5");
    }

    @Test
    void createContainerReturnsThePluginsRawReply() {
        plugins.connect(b -> b.onCreateContainer((request, context) -> CreateContainerResult.of(
                Adjustment.create().addEnv("DRAFT", "yes"))));
        runtime.awaitSynchronized(WAIT);

        assertThat(runtime.createContainer(POD, CONTAINER).getAdjust().getEnvList())
                .anySatisfy(kv -> assertThat(kv.getKey() + "=" + kv.getValue()).isEqualTo("DRAFT=yes"));
    }

    @Test
    void killDisconnectsThePluginsAndStartListensAgain() {
        NriStub first = plugins.connect(b -> b.onStartContainer((request, context) -> { }));
        runtime.awaitSynchronized(WAIT);

        runtime.kill();

        assertThat(first.closeFuture()).succeedsWithin(WAIT).extracting(Disconnect::local).isEqualTo(false);
        runtime.start();
        plugins.connect(b -> b.onStartContainer((request, context) -> { }));
        assertThat(runtime.awaitSynchronized(WAIT)).isEqualTo(2);
    }

    @Test
    void opsOfTheLibraryAreRefused() {
        assertThatThrownBy(() -> runtime.event("StartContainer", POD, CONTAINER))
                .isInstanceOf(UpstreamRuntimeException.class)
                .hasMessageContaining("unknown op \"event\" in draft mode");
    }
}
