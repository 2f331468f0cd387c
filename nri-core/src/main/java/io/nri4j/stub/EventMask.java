package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A set of lifecycle events as the runtime sees it: event {@code e} is bit {@code 1 << (e - 1)}.
 *
 * @param bits the mask as sent in the Configure reply
 */
public record EventMask(int bits) {

    /** Every event up to validation, which runtimes with NRI v0.10.0 and later know. */
    public static final EventMask ALL = new EventMask(0x3FFF);
    /**
     * The events runtimes before NRI v0.10.0 know: none of UpdatePodSandbox, PostUpdatePodSandbox
     * or validation.
     */
    public static final EventMask BEFORE_V0_10 = new EventMask(0x07FF);
    /** No event. */
    public static final EventMask NONE = new EventMask(0);

    private static final int ALL_BITS = 0x3FFF;
    private static final Map<Event, String> PRETTY_NAMES = prettyNames();

    /** Refuses bits that stand for no known event. */
    public EventMask {
        if ((bits & ~ALL_BITS) != 0) {
            throw new IllegalArgumentException("unknown event bits 0x" + Integer.toHexString(bits & ~ALL_BITS));
        }
    }

    /** The mask of these events; {@link IllegalArgumentException} for one that cannot be subscribed to. */
    public static EventMask of(Event... events) {
        int bits = 0;
        for (Event e : events) {
            bits |= bit(e);
        }
        return new EventMask(bits);
    }

    /** The mask of these events; see {@link #of(Event...)}. */
    public static EventMask of(Set<Event> events) {
        return of(events.toArray(Event[]::new));
    }

    /** The events a runtime with the given NRI version accepts in a subscription. */
    public static EventMask validFor(NriVersion runtimeVersion) {
        return runtimeVersion.compareTo(NriVersion.V0_10_0) < 0 ? BEFORE_V0_10 : ALL;
    }

    /**
     * Parses a comma-separated list the way upstream's helper does: case-insensitive event names
     * without underscores ({@code createcontainer}), {@code all}, {@code pod} or
     * {@code podsandbox} (every pod event), {@code container} (every name containing
     * "container", validation included).
     */
    public static EventMask parse(String list) {
        int bits = 0;
        for (String raw : list.split(",", -1)) {
            String name = raw.trim().toLowerCase(Locale.ROOT);
            int matched = 0;
            for (Event e : lifecycleEvents()) {
                String eventName = compactName(e);
                boolean match = switch (name) {
                    case "all" -> true;
                    case "pod", "podsandbox" -> eventName.contains("pod");
                    case "container" -> eventName.contains("container");
                    default -> eventName.equals(name);
                };
                if (match) {
                    matched |= bit(e);
                }
            }
            if (matched == 0) {
                throw new IllegalArgumentException("unknown NRI event \"" + raw.trim() + "\"");
            }
            bits |= matched;
        }
        return new EventMask(bits);
    }

    /** Whether the mask includes {@code event}; false for events that cannot be subscribed to. */
    public boolean contains(Event event) {
        return event.getNumber() > 0 && event.getNumber() < Event.LAST.getNumber() && (bits & bit(event)) != 0;
    }

    /** Whether the mask has no event. */
    public boolean isEmpty() {
        return bits == 0;
    }

    /** The events in both masks. */
    public EventMask and(EventMask other) {
        return new EventMask(bits & other.bits);
    }

    /** The events in either mask. */
    public EventMask or(EventMask other) {
        return new EventMask(bits | other.bits);
    }

    /** The events of this mask that are not in {@code other}. */
    public EventMask without(EventMask other) {
        return new EventMask(bits & ~other.bits);
    }

    /** The events of this mask, in their wire order. */
    public Set<Event> events() {
        Set<Event> events = EnumSet.noneOf(Event.class);
        for (Event e : lifecycleEvents()) {
            if (contains(e)) {
                events.add(e);
            }
        }
        return events;
    }

    /** Upstream's pretty names, e.g. {@code CreateContainer,StartContainer}. */
    @Override
    public String toString() {
        List<String> names = new ArrayList<>();
        for (Event e : events()) {
            names.add(prettyName(e));
        }
        return names.isEmpty() ? "none" : String.join(",", names);
    }

    /** {@code CREATE_CONTAINER} as {@code CreateContainer}. */
    public static String prettyName(Event event) {
        // Every request names its event (logs, metrics, outcomes): built once, not per request.
        return PRETTY_NAMES.get(event);
    }

    private static String buildPrettyName(Event event) {
        StringBuilder sb = new StringBuilder();
        for (String part : event.name().split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }

    private static Map<Event, String> prettyNames() {
        Map<Event, String> names = new EnumMap<>(Event.class);
        for (Event e : Event.values()) {
            names.put(e, buildPrettyName(e));
        }
        return Collections.unmodifiableMap(names);
    }

    static int bit(Event e) {
        int n = e.getNumber();
        if (n <= 0 || n >= Event.LAST.getNumber()) {
            throw new IllegalArgumentException(e + " is not a subscribable event");
        }
        return 1 << (n - 1);
    }

    static List<Event> lifecycleEvents() {
        List<Event> events = new ArrayList<>();
        for (Event e : Event.values()) {
            if (e != Event.UNRECOGNIZED && e.getNumber() > 0 && e.getNumber() < Event.LAST.getNumber()) {
                events.add(e);
            }
        }
        return events;
    }

    private static String compactName(Event e) {
        return e.name().replace("_", "").toLowerCase(Locale.ROOT);
    }
}
