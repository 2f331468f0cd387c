package io.nri4j.stub;

/**
 * A validator's verdict on the merged adjustment of a container. A rejection is data, not an
 * error: the runtime fails the container's creation with the reason.
 *
 * @param rejected whether the adjustment is refused
 * @param reason why, for people; empty when accepted
 */
public record ValidationResult(boolean rejected, String reason) {

    private static final ValidationResult ACCEPT = new ValidationResult(false, "");

    /** A null reason counts as empty. */
    public ValidationResult {
        reason = reason == null ? "" : reason;
    }

    /** Lets the container be created with the merged adjustment. */
    public static ValidationResult accept() {
        return ACCEPT;
    }

    /** Fails the container's creation, with {@code reason} in the runtime's error. */
    public static ValidationResult reject(String reason) {
        return new ValidationResult(true, reason);
    }
}
