package io.nri4j.adjust;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ContainerEviction;
import org.junit.jupiter.api.Test;

class EvictionTests {

    @Test
    void namesTheContainerAndTheReason() {
        Eviction eviction = Eviction.of("c1");
        Eviction reasoned = eviction.reason("out of memory");

        assertThat(reasoned.build()).isEqualTo(ContainerEviction.newBuilder()
                .setContainerId("c1").setReason("out of memory").build());
        assertThat(eviction.build()).isEqualTo(ContainerEviction.newBuilder().setContainerId("c1").build());
    }
}
