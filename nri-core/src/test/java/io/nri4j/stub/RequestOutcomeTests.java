package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
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

    private static RequestOutcome outcome(MessageLite response) {
        return new RequestOutcome("ValidateContainerAdjustment", Event.VALIDATE_CONTAINER_ADJUSTMENT, Duration.ZERO,
                false, false, Optional.of(response), Optional.empty());
    }
}
