package io.nri4j.stub;

import io.nri4j.internal.mux.MuxDemultiplexer;
import java.util.Objects;
import java.util.Optional;

/**
 * How a connection ended.
 *
 * @param reason what happened, for people
 * @param shutdownReason the reason of a runtime Shutdown request, if one came
 * @param cause the failure behind it, if any
 * @param local whether the plugin closed the connection itself
 * @param kind what kind of end it was, for programs; see {@link #exitCode()}
 */
public record Disconnect(String reason, Optional<String> shutdownReason, Optional<Throwable> cause,
        boolean local, Kind kind) {

    /**
     * The kinds of end a supervisor tells apart, each with the exit code a plugin's {@code main}
     * returns for it (see {@link NriPlugin#runForExitCode()}). The codes are those of BSD's
     * {@code sysexits.h}, which supervisors and shells already know.
     */
    public enum Kind {
        /**
         * The runtime asked the plugin to stop (Shutdown, e.g. "other plugin instance
         * registered"), or the plugin closed the connection itself: exit code 0 ({@code EX_OK}),
         * nothing to restart for.
         */
        SHUTDOWN(0),
        /**
         * No runtime answered: nothing listens on the socket, the runtime closed the connection
         * (it restarted, or gave up on the plugin), or it did not answer RegisterPlugin in time:
         * exit code 69 ({@code EX_UNAVAILABLE}, "a service is unavailable"); try again later.
         */
        RUNTIME_GONE(69),
        /**
         * A fault of the plugin process itself, e.g. an unexpected exception on its I/O thread:
         * exit code 70 ({@code EX_SOFTWARE}, "an internal software error").
         */
        INTERNAL_ERROR(70),
        /**
         * The runtime sent what the protocol does not allow, or went beyond the plugin's
         * {@link Limits}: exit code 76 ({@code EX_PROTOCOL}, "the remote system returned something
         * that was not possible during a protocol exchange").
         */
        PROTOCOL_ERROR(76),
        /**
         * The plugin cannot take part as configured: the runtime refused RegisterPlugin (an
         * invalid name or index), the plugin refused the runtime's Configure (it handles no event
         * that runtime knows), or {@code NRI_PLUGIN_SOCKET} is no descriptor number: exit code 78
         * ({@code EX_CONFIG}, "a configuration error"); restarting unchanged fails the same way.
         */
        REGISTRATION_REFUSED(78);

        private final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }

        /** The process exit code for this kind of end. */
        public int exitCode() {
            return exitCode;
        }
    }

    public Disconnect {
        Objects.requireNonNull(kind, "kind");
    }

    /** A disconnect whose kind follows from the other facts: local or Shutdown, a failure, or neither. */
    public Disconnect(String reason, Optional<String> shutdownReason, Optional<Throwable> cause, boolean local) {
        this(reason, shutdownReason, cause, local, kindOf(shutdownReason, cause, local));
    }

    /** The exit code for a plugin's {@code main}: {@link Kind#exitCode()} of {@link #kind()}. */
    public int exitCode() {
        return kind.exitCode();
    }

    private static Kind kindOf(Optional<String> shutdownReason, Optional<Throwable> cause, boolean local) {
        if (local) {
            return Kind.SHUTDOWN;
        }
        if (cause.isPresent()) {
            return MuxDemultiplexer.isRuntimeFault(cause.get()) ? Kind.PROTOCOL_ERROR : Kind.INTERNAL_ERROR;
        }
        return shutdownReason.isPresent() ? Kind.SHUTDOWN : Kind.RUNTIME_GONE;
    }
}
