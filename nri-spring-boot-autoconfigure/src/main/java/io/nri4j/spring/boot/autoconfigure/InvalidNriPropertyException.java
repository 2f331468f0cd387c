package io.nri4j.spring.boot.autoconfigure;

/**
 * An {@code nri.*} property whose value the plugin cannot work with, found at startup; the
 * failure analyzer turns it into Boot's "Description / Action" report.
 *
 * @see NriPropertyFailureAnalyzer
 */
final class InvalidNriPropertyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String property;
    private final String value;
    private final String reason;
    private final String allowed;

    /**
     * @param property the property, with the environment variable it falls back to where there is one
     * @param value the bad value; null when nothing is set
     * @param reason what is wrong with it
     * @param allowed the values that work
     * @param cause the rule's own complaint, if one was broken
     */
    InvalidNriPropertyException(String property, String value, String reason, String allowed, Throwable cause) {
        super(describe(property, value, reason), cause);
        this.property = property;
        this.value = value;
        this.reason = reason;
        this.allowed = allowed;
    }

    String property() {
        return property;
    }

    String allowed() {
        return allowed;
    }

    String description() {
        return describe(property, value, reason);
    }

    private static String describe(String property, String value, String reason) {
        return value == null
                ? "Property " + property + " is not set: " + reason
                : "Property " + property + " has the invalid value \"" + value + "\": " + reason;
    }
}
