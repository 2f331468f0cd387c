package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.StateChangeEvent;
import org.junit.jupiter.api.Test;

/**
 * The keys are shared between instances of different versions during a rolling upgrade: each
 * form here is the one earlier versions wrote.
 */
class RoundKeyTests {

    private static final PodSandbox POD = PodSandbox.newBuilder().setId("pod-1").build();
    private static final Container CONTAINER = Container.newBuilder().setId("ctr-1").build();

    @Test
    void aContainerRequestIsNamedByItsEventAndContainer() {
        assertThat(RoundKey.of(Event.CREATE_CONTAINER,
                CreateContainerRequest.newBuilder().setPod(POD).setContainer(CONTAINER).build()))
                .isEqualTo("CREATE_CONTAINER/ctr-1");
    }

    @Test
    void aPodRequestIsNamedByItsEventAndPod() {
        assertThat(RoundKey.of(Event.RUN_POD_SANDBOX, RunPodSandboxRequest.newBuilder().setPod(POD).build()))
                .isEqualTo("RUN_POD_SANDBOX/pod-1");
    }

    @Test
    void aRequestWithoutPodOrContainerIsNamedByItsEventAlone() {
        assertThat(RoundKey.of(Event.CREATE_CONTAINER, CreateContainerRequest.getDefaultInstance()))
                .isEqualTo("CREATE_CONTAINER/");
    }

    @Test
    void anEmptyContainerOnTheWireNamesTheContainerNotThePod() throws Exception {
        // Present but empty: earlier versions asked protobuf's hasField, which saw it present.
        byte[] wire = CreateContainerRequest.newBuilder().setPod(POD).setContainer(Container.getDefaultInstance())
                .build().toByteArray();

        assertThat(RoundKey.of(Event.CREATE_CONTAINER, CreateContainerRequest.parseFrom(wire)))
                .isEqualTo("CREATE_CONTAINER/");
    }

    @Test
    void aStateChangeIsNamedByTheEventItCarries() {
        assertThat(RoundKey.of(Event.UNKNOWN,
                StateChangeEvent.newBuilder().setEvent(Event.REMOVE_CONTAINER).setPod(POD).setContainer(CONTAINER)
                        .build())).isEqualTo("REMOVE_CONTAINER/ctr-1");
        assertThat(RoundKey.of(Event.UNKNOWN, StateChangeEvent.newBuilder().setEvent(Event.STOP_POD_SANDBOX)
                .setPod(POD).build())).isEqualTo("STOP_POD_SANDBOX/pod-1");
    }

    @Test
    void connectionRequestsHaveNoKey() {
        assertThat(RoundKey.of(Event.UNKNOWN, ConfigureRequest.getDefaultInstance())).isNull();
    }
}
