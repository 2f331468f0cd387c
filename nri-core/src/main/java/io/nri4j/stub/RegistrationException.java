package io.nri4j.stub;

/** The plugin could not register: no socket, a refused name or index, or a timeout. */
public final class RegistrationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A failed registration.
     *
     * @param message what failed, naming the plugin
     * @param cause the failure behind it, or {@code null}
     */
    public RegistrationException(String message, Throwable cause) {
        super(message, cause);
    }
}
