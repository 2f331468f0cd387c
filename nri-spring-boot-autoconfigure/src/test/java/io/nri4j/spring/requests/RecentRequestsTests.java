package io.nri4j.spring.requests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.RequestOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecentRequestsTests {

    private final Clock clock = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);

    @Test
    void keepsTheLatestNewestFirst() {
        RecentRequests recent = new RecentRequests(2, clock);

        recent.completed(created("a", false));
        recent.completed(created("b", false));
        recent.completed(created("c", true));

        assertThat(recent.latest()).extracting(r -> r.container().getName()).containsExactly("c", "b");
        assertThat(recent.recorded()).isEqualTo(3);
        assertThat(recent.latest().get(0).toMap())
                .containsEntry("time", "2026-01-02T03:04:05Z")
                .containsEntry("event", "CreateContainer")
                .containsEntry("subject", Map.of("namespace", "ns", "pod", "p", "container", "c"))
                .containsEntry("outcome", "error")
                .containsEntry("reason", "IllegalStateException: broken c")
                .containsEntry("durationMillis", 1.5);
    }

    @Test
    void keepsNothingWithNoRoom() {
        RecentRequests recent = new RecentRequests(0, clock);

        recent.completed(created("a", false));

        assertThat(recent.latest()).isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> new RecentRequests(-1, clock));
    }

    @Test
    void theVerdictPutsAnOverrunBeforeAnErrorAndAYieldedRequestApart() {
        assertThat(Verdict.of(outcome(true, false, Optional.of(new IllegalStateException())))).isEqualTo(
                Verdict.OVERRUN);
        assertThat(Verdict.of(outcome(false, false, Optional.of(new IllegalStateException())))).isEqualTo(
                Verdict.ERROR);
        assertThat(Verdict.of(outcome(false, true, Optional.empty()))).isEqualTo(Verdict.YIELDED);
        assertThat(Verdict.of(outcome(false, false, Optional.empty()))).isEqualTo(Verdict.OK);
    }

    private static RequestOutcome outcome(boolean overrun, boolean yielded, Optional<Throwable> error) {
        return new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ZERO, overrun, yielded,
                Optional.empty(), error);
    }

    private static RequestOutcome created(String name, boolean fail) {
        PodSandbox pod = PodSandbox.newBuilder().setNamespace("ns").setName("p").build();
        return new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofNanos(1_500_000), false, false,
                Optional.empty(), fail ? Optional.of(new IllegalStateException("broken " + name)) : Optional.empty(),
                CreateContainerRequest.newBuilder().setPod(pod).setContainer(Container.newBuilder().setName(name))
                        .build());
    }
}
