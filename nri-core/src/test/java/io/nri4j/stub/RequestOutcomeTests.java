package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RequestOutcomeTests {

    @Test
    void aValidatorsRejectionIsARejection() {
        assertThat(outcome(ValidateContainerAdjustmentResponse.newBuilder().setReject(true).setReason("no").build())
                .rejected()).isTrue();
    }

    @Test
    void anAcceptedAdjustmentOrAnotherAnswerIsNoRejection() {
        assertThat(outcome(ValidateContainerAdjustmentResponse.getDefaultInstance()).rejected()).isFalse();
        assertThat(outcome(CreateContainerResponse.getDefaultInstance()).rejected()).isFalse();
        assertThat(new RequestOutcome("ValidateContainerAdjustment", Event.VALIDATE_CONTAINER_ADJUSTMENT,
                Duration.ZERO, false, false, Optional.empty(), Optional.of(new IllegalStateException())).rejected())
                .isFalse();
    }

    @Test
    void namesThePodAndTheContainerTheRequestIsAbout() {
        PodSandbox pod = PodSandbox.newBuilder().setNamespace("shop").setName("web").build();
        Container app = Container.newBuilder().setName("app").build();

        RequestOutcome created = about(CreateContainerRequest.newBuilder().setPod(pod).setContainer(app).build());
        RequestOutcome ran = about(RunPodSandboxRequest.newBuilder().setPod(pod).build());
        RequestOutcome synced = about(SynchronizeRequest.newBuilder().addPods(pod).build());

        assertThat(created.pod()).isSameAs(((CreateContainerRequest) created.message()).getPod());
        assertThat(created.container().getName()).isEqualTo("app");
        assertThat(ran.pod().getName()).isEqualTo("web");
        assertThat(ran.container()).isSameAs(Container.getDefaultInstance());
        assertThat(synced.pod()).isSameAs(PodSandbox.getDefaultInstance());
        assertThat(outcome(CreateContainerResponse.getDefaultInstance()).pod()).isSameAs(
                PodSandbox.getDefaultInstance());
    }

    private static RequestOutcome about(Message request) {
        return new RequestOutcome("Any", Event.UNKNOWN, Duration.ZERO, false, false, Optional.empty(),
                Optional.empty(), request);
    }

    private static RequestOutcome outcome(MessageLite response) {
        return new RequestOutcome("ValidateContainerAdjustment", Event.VALIDATE_CONTAINER_ADJUSTMENT, Duration.ZERO,
                false, false, Optional.of(response), Optional.empty());
    }
}
