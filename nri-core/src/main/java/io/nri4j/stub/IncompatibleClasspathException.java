package io.nri4j.stub;

/**
 * A library nri4j needs is on the classpath at a version it cannot run with, typically one that
 * a build's dependency management chose. The message names the library, both versions and the fix.
 */
public final class IncompatibleClasspathException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String library;
    private final String found;
    private final String required;
    private final String fix;

    public IncompatibleClasspathException(String library, String found, String required, String fix) {
        super("nri4j needs " + library + " " + required + ", but the classpath has " + found + ". " + fix);
        this.library = library;
        this.found = found;
        this.required = required;
        this.fix = fix;
    }

    /** The library, e.g. {@code protobuf-java}. */
    public String library() {
        return library;
    }

    /** The version on the classpath. */
    public String found() {
        return found;
    }

    /** The versions nri4j runs with, e.g. {@code 4.34.2 or later}. */
    public String required() {
        return required;
    }

    /** What to change in the build. */
    public String fix() {
        return fix;
    }
}
