package io.nri4j.spring.requests;

import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import io.nri4j.stub.RequestOutcome;

/** Why a request did not succeed, in one line. */
public final class Rejections {

    /** Where the exceptions that wrap a handler's for the wire live. */
    private static final String WRAPPERS = "io.nri4j.internal.";

    private Rejections() {
    }

    /** The validator's reason for a rejection; null otherwise. */
    public static String reason(RequestOutcome outcome) {
        return outcome.response().orElse(null) instanceof ValidateContainerAdjustmentResponse v && v.getReject()
                ? v.getReason() : null;
    }

    /**
     * The exception's class and message, e.g. {@code IllegalStateException: no quota}: the
     * handler's own, not the framework's wrapper that carried it to the runtime.
     */
    public static String describe(Throwable error) {
        Throwable shown = error.getCause() != null && error.getClass().getName().startsWith(WRAPPERS)
                ? error.getCause() : error;
        String message = shown.getMessage();
        return shown.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
