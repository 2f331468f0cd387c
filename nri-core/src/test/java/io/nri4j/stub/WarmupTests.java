package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import io.nri4j.api.v1alpha1.NriProto;
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

    @Test
    void loadsEveryTopLevelMessageOfTheApiInItsOrder() {
        assertThat(NriMessageTypes.defaults()).map(m -> m.getDescriptorForType().getFullName())
                .as("NriMessageTypes in step with api.proto's top-level messages")
                .containsExactlyElementsOf(NriProto.getDescriptor().getMessageTypes().stream()
                        .map(Descriptor::getFullName).toList());
        assertThat(NriMessageTypes.defaults()).allSatisfy(m -> assertThat(m).isSameAs(m.getDefaultInstanceForType()));
    }
}
