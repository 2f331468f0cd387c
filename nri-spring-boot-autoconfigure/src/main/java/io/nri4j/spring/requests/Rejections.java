package io.nri4j.spring.requests;

import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import io.nri4j.stub.RequestOutcome;

/** Why a request did not succeed, in one line. */
public final class Rejections {

    private Rejections() {
    }

    /** The validator's reason for a rejection; null otherwise. */
    public static String reason(RequestOutcome outcome) {
        return outcome.response().orElse(null) instanceof ValidateContainerAdjustmentResponse v && v.getReject()
                ? v.getReason() : null;
    }

    /** The exception's class and message, e.g. {@code IllegalStateException: no quota}. */
    public static String describe(Throwable error) {
        String message = error.getMessage();
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
