package io.nri4j.spring.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.spring.health.NriHealthIndicator;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.stub.RuntimeInfo;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The health details say when the runtime's NRI version is a guess, and what was assumed. */
class GuessedNriVersionHealthTests {

    @Test
    void aReportedVersionIsNoGuess() {
        Map<String, Object> details = details(runtime("v2.4.0", "v0.12.5", NriVersion.parse("v0.12.5")));

        assertThat(details).containsEntry("runtimeNriVersion", "v0.12.5")
                .containsEntry("nriVersionInferred", false)
                .doesNotContainKey("nriVersionAssumed");
    }

    @Test
    void aVersionInferredFromTheReleaseIsAssumed() {
        Map<String, Object> details = details(runtime("v2.1.3", "", NriVersion.parse("v0.8.0")));

        assertThat(details).containsEntry("runtimeNriVersion", "v0.8.0 (inferred)")
                .containsEntry("nriVersionInferred", true)
                .containsEntry("nriVersionAssumed", "v0.8.0");
    }

    @Test
    void anUnknownVersionIsTakenForTheOldestSupported() {
        Map<String, Object> details = details(runtime("", "", Optional.empty()));

        assertThat(details).containsEntry("runtimeNriVersion", "unknown")
                .containsEntry("nriVersionInferred", true)
                .containsEntry("nriVersionAssumed", "v0.8.0")
                .containsEntry("runtime", "containerd ");
    }

    private static RuntimeInfo runtime(String version, String reported, Optional<NriVersion> nri) {
        return new RuntimeInfo("containerd", version, "", reported, nri, Duration.ofSeconds(5), Duration.ofSeconds(2));
    }

    private static Map<String, Object> details(RuntimeInfo runtime) {
        ConnectionState state = new ConnectionState(Clock.systemUTC());
        state.on(new NriEvent.Configured(runtime, EventMask.parse("createcontainer")));
        return new NriHealthIndicator(state, new PluginIdentity("guess", "10"), PluginInstance.startingNow("1.0"))
                .health().getDetails();
    }
}
