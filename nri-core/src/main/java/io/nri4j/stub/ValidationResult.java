package io.nri4j.stub;

/**
 * A validator's verdict on the merged adjustment of a container. A rejection is data, not an
 * error: the runtime fails the container's creation with the reason.
 */
public record ValidationResult(boolean rejected, String reason) {

    private static final ValidationResult ACCEPT = new ValidationResult(false, "");

    public ValidationResult {
        reason = reason == null ? "" : reason;
    }

    public static ValidationResult accept() {
        return ACCEPT;
    }

    public static ValidationResult reject(String reason) {
        return new ValidationResult(true, reason);
    }
}
