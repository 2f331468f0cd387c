package io.nri4j.stub;

import io.nri4j.internal.log.WireText;
import java.util.Optional;

/**
 * The events a plugin subscribes to in its Configure reply, out of those it wants, given what it
 * knows of the runtime's NRI version: a runtime refuses the whole subscription ({@code invalid
 * plugin events}) if one event is newer than its NRI version, so those are left out. When the
 * version is a guess, {@link #note()} says so, in one line for the log.
 *
 * @param subscribed the events to subscribe to; empty if the runtime knows none of them
 * @param leftOut the wanted events left out because the runtime's NRI version does not know them
 * @param note what the plugin assumed of the runtime, and what it left out because of it
 * @param warn whether the note deserves a warning rather than information
 */
record Subscription(EventMask subscribed, EventMask leftOut, Optional<String> note, boolean warn) {

    static Subscription choose(RuntimeInfo runtime, EventMask wanted) {
        EventMask valid = runtime.validEvents();
        EventMask subscribed = wanted.and(valid);
        EventMask leftOut = wanted.without(valid);
        Optional<NriVersion> assumed = runtime.assumedNriVersion();
        if (assumed.isEmpty()) {
            Optional<String> note = leftOut.isEmpty() ? Optional.empty()
                    : Optional.of(who(runtime) + " does not know " + leftOut + "; not subscribing to them");
            return new Subscription(subscribed, leftOut, note, true);
        }
        NriVersion nri = assumed.get();
        boolean placed = runtime.nriVersion().isPresent();
        StringBuilder note = new StringBuilder(runtimeString(runtime)).append(" reports no NRI version");
        if (placed) {
            note.append("; assuming NRI ").append(nri).append(", the version ").append(runtime.name()).append(' ')
                    .append(RuntimeVersions.release(runtime.version()).orElseThrow()).append(" ships");
        } else {
            note.append(" and no release this plugin can place; assuming NRI ").append(nri)
                    .append(", the oldest it supports");
        }
        if (subscribed.isEmpty() && !placed) {
            // Nothing would be left to subscribe to, on a guess: better to ask, and let a runtime
            // that does not know these events say so, than to refuse a runtime that may know them.
            note.append("; subscribing to ").append(wanted).append(" anyway, as nothing else is left:")
                    .append(" a runtime before NRI ").append(NriVersion.V0_10_0).append(" refuses them");
            return new Subscription(wanted, EventMask.NONE, Optional.of(note.toString()), true);
        }
        note.append("; left out: ").append(leftOut.isEmpty() ? "none" : leftOut + " (unknown to NRI " + nri + ")");
        return new Subscription(subscribed, leftOut, Optional.of(note.toString()), !leftOut.isEmpty() || !placed);
    }

    /** The runtime with its NRI version and how the plugin knows it, for log lines. */
    static String who(RuntimeInfo runtime) {
        String nri;
        if (!runtime.nriVersionInferred()) {
            nri = runtime.nriVersion().map(NriVersion::toString).orElse("unknown");
        } else if (runtime.nriVersion().isPresent()) {
            nri = runtime.nriVersion().get() + ", inferred";
        } else {
            nri = NriVersion.OLDEST_SUPPORTED + ", assumed";
        }
        return WireText.escape(runtime.name()) + " " + WireText.escape(runtime.version()) + " (NRI " + nri + ")";
    }

    /** The runtime's name and its version exactly as sent, quoted: it may be empty or odd. */
    private static String runtimeString(RuntimeInfo runtime) {
        // Both come from the wire: escaped, so that they cannot forge log lines.
        return (runtime.name().isEmpty() ? "the runtime" : WireText.escape(runtime.name())) + " \""
                + WireText.escape(runtime.version()) + "\"";
    }
}
