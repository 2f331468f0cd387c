package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WarmupTests {

    @Test
    void loadsTheMessageTypesOncePerJvm() {
        assertThat(Warmup.start()).succeedsWithin(Duration.ofSeconds(60))
                .satisfies(took -> assertThat(took).isPositive());
        assertThat(Warmup.start()).isSameAs(Warmup.start());
    }

    @Test
    void awaitingReturnsAtTheLimitWhateverTheWarmUpIsDoing() {
        Warmup.await(Duration.ZERO);
        Warmup.await(Duration.ofSeconds(60));

        assertThat(Warmup.start()).isDone();
    }
}
