package io.nri4j.spring.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RuntimeInfo;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConnectionHistoryTests {

    private final ConnectionState state = new ConnectionState(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));

    @Test
    void remembersEachStepOfAConnectionAndWhyItEnded() {
        RuntimeInfo runtime = new RuntimeInfo("containerd", "v1.7.0", "", "", Optional.of(NriVersion.V0_10_0),
                Duration.ofSeconds(5), Duration.ofSeconds(2));
        EventMask wanted = EventMask.parse("createcontainer,updatepodsandbox");
        EventMask subscribed = EventMask.parse("createcontainer");

        state.on(new NriEvent.Connected("/run/nri.sock"));
        state.on(new NriEvent.Registered(new PluginIdentity("hist", "10")));
        state.on(new NriEvent.Configured(runtime, subscribed, wanted, wanted.without(subscribed)));
        state.on(new NriEvent.Synchronized(runtime, subscribed, 2, 3));
        state.disconnected("the runtime closed the connection", true);

        assertThat(state.history()).extracting(ConnectionEvent::event, ConnectionEvent::detail).containsExactly(
                tuple("connected", "/run/nri.sock"), tuple("registered", "10-hist"),
                tuple("configured", "containerd v1.7.0; subscribed to CreateContainer"),
                tuple("synchronized", "2 pods, 3 containers"),
                tuple("disconnected", "the runtime closed the connection"));
        assertThat(state.history().get(0).time()).isEqualTo(Instant.EPOCH);
        assertThat(state.wanted()).isEqualTo(wanted);
        assertThat(state.leftOut()).isEqualTo(EventMask.parse("updatepodsandbox"));
    }

    @Test
    void keepsTheLatestSteps() {
        for (int i = 0; i < ConnectionState.HISTORY + 5; i++) {
            state.disconnected("attempt " + i, true);
        }

        assertThat(state.history()).hasSize(ConnectionState.HISTORY);
        assertThat(state.history().get(0).detail()).isEqualTo("attempt 5");
        assertThat(state.history().get(ConnectionState.HISTORY - 1).detail())
                .isEqualTo("attempt " + (ConnectionState.HISTORY + 4));
    }
}
