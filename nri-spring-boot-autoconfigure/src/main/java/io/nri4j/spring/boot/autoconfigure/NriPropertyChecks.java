package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.HandlerBudget;
import io.nri4j.stub.Limits;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.UnsupportedAdjustments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.util.unit.DataSize;

/**
 * Checks, at startup, the {@code nri.*} values the runtime or the stub would refuse later, and
 * names the property that broke a rule. The rules stay where they are enforced
 * ({@link PluginIdentity}, {@link EventMask}, {@link HandlerBudget}, {@link Limits},
 * {@link UnsupportedAdjustments}).
 */
final class NriPropertyChecks {

    static final String NAME = "nri.plugin.name (or " + PluginIdentity.NAME_ENV + ")";
    static final String INDEX = "nri.plugin.index (or " + PluginIdentity.INDEX_ENV + ")";
    static final String EVENTS = "nri.events";
    static final String FRACTION = "nri.handler.budget.fraction";
    static final String OVERRUN = "nri.handler.budget.overrun";
    static final String MAX_SYNC_BYTES = "nri.limits.max-sync-bytes";
    static final String MAX_SYNC_PODS = "nri.limits.max-sync-pods";
    static final String MAX_SYNC_CONTAINERS = "nri.limits.max-sync-containers";
    static final String MAX_REQUESTS_IN_FLIGHT = "nri.limits.max-requests-in-flight";
    static final String WRITE_BUFFER_HIGH = "nri.limits.write-buffer-high";
    static final String STALLED_READ_TIMEOUT = "nri.limits.stalled-read-timeout";
    static final String UNSUPPORTED_ADJUSTMENTS = "nri.adjustments.unsupported";

    private static final String NAMES = "a name of letters, digits and '-', '_', '.', '+' (e.g. \"my-plugin\")";
    private static final String INDEXES =
            "two digits, \"00\" to \"99\" (e.g. \"50\"): where the plugin runs among others";

    private NriPropertyChecks() {
    }

    /** The plugin's identity from the properties, else from the variables a launching runtime sets. */
    static PluginIdentity identity(NriPluginProperties plugin, Map<String, String> environment) {
        String name = orEnvironment(plugin.getName(), environment, PluginIdentity.NAME_ENV);
        String index = orEnvironment(plugin.getIndex(), environment, PluginIdentity.INDEX_ENV);
        // Paired with a valid partner, the record checks one of the two.
        check(NAME, name, NAMES, () -> new PluginIdentity(name, "00"));
        check(INDEX, index, INDEXES, () -> new PluginIdentity("probe", index));
        return new PluginIdentity(name, index);
    }

    /** The events {@code nri.events} lists; empty when it lists none (subscribe to every handled event). */
    static Optional<EventMask> events(String list) {
        if (list == null || list.isBlank()) {
            return Optional.empty();
        }
        List<String> unknown = new ArrayList<>();
        for (String name : list.split(",", -1)) {
            try {
                EventMask.parse(name);
            } catch (IllegalArgumentException e) {
                unknown.add("\"" + name.trim() + "\"");
            }
        }
        if (!unknown.isEmpty()) {
            String reason = (unknown.size() == 1 ? "unknown event " : "unknown events ") + String.join(", ", unknown);
            throw new InvalidNriPropertyException(EVENTS, list, reason, "a comma-separated list of "
                    + String.join(", ", eventNames()) + ", or all, pod (podsandbox), container", null);
        }
        return Optional.of(EventMask.parse(list));
    }

    /**
     * What the plugin subscribes to when it connects: the events it has handler methods for,
     * narrowed by {@code nri.events}; none without handler methods (the plugin does not connect).
     */
    static EventMask subscription(EventMask handled, String list) {
        Optional<EventMask> configured = events(list);
        if (handled.isEmpty() || configured.isEmpty()) {
            return handled;
        }
        EventMask unhandled = configured.get().without(handled);
        if (!unhandled.isEmpty()) {
            throw new InvalidNriPropertyException(EVENTS, list, "no handler method for " + unhandled,
                    "events that have a handler method: " + String.join(",", names(handled))
                            + ", or leave it empty to subscribe to all of them", null);
        }
        return configured.get();
    }

    /** {@link #subscription} once the handler methods are known, for what reports it before the plugin connects. */
    static Supplier<EventMask> plannedSubscription(HandlerRegistry registry, NriProperties properties) {
        return () -> {
            EventMask handled = registry.events();
            EventMask planned = requestedSubscription(registry, properties).get();
            // Enforcement listens where no handler does (NriPlugin.Builder#build does the same).
            boolean listens = handled.contains(Event.POST_CREATE_CONTAINER) || handled.contains(Event.START_CONTAINER)
                    || handled.contains(Event.POST_START_CONTAINER);
            return properties.getEnforcement().isEnabled() && handled.contains(Event.CREATE_CONTAINER) && !listens
                    ? planned.or(EventMask.of(Event.POST_START_CONTAINER)) : planned;
        };
    }

    /** The events with a handler method, narrowed by {@code nri.events}: the planned ones but enforcement's. */
    static Supplier<EventMask> requestedSubscription(HandlerRegistry registry, NriProperties properties) {
        return () -> subscription(registry.events(), properties.getEvents());
    }

    /** A count that must not be negative, e.g. how many requests to keep. */
    static int notNegative(String property, int value, String allowed) {
        if (value < 0) {
            throw new InvalidNriPropertyException(property, String.valueOf(value), "it is negative", allowed, null);
        }
        return value;
    }

    /** The handler budget; empty when it is switched off. Checked either way: a bad value is a mistake. */
    static Optional<HandlerBudget> budget(NriHandlerBudgetProperties budget) {
        if (budget.getOverrun() == null) {
            throw new InvalidNriPropertyException(OVERRUN, null, "the budget needs to know what to answer",
                    "empty-result or fail", null);
        }
        HandlerBudget checked;
        try {
            checked = new HandlerBudget(budget.getFraction(), budget.getOverrun());
        } catch (IllegalArgumentException e) {
            throw new InvalidNriPropertyException(FRACTION, String.valueOf(budget.getFraction()), e.getMessage(),
                    "a number above 0 and below 1: the share of each request's deadline a handler may use"
                            + " (e.g. 0.8); or switch the budget off with nri.handler.budget.enabled=false", e);
        }
        return budget.isEnabled() ? Optional.of(checked) : Optional.empty();
    }

    /**
     * The plugin's limits from {@code nri.limits.*}. {@link Limits} rules on each value, tried
     * alone on its defaults, so that a refusal names the property.
     */
    static Limits limits(NriLimitsProperties p) {
        Limits d = Limits.DEFAULTS;
        String syncBytesAllowed = "a size above 0 (the default is " + size(d.maxSyncBytes()) + ")";
        long syncBytes = bytes(MAX_SYNC_BYTES, p.getMaxSyncBytes(), syncBytesAllowed);
        limit(MAX_SYNC_BYTES, size(syncBytes), syncBytesAllowed, () -> d.withMaxSyncBytes(syncBytes));
        int pods = p.getMaxSyncPods();
        limit(MAX_SYNC_PODS, pods, d.maxSyncPods(), () -> d.withMaxSyncPods(pods));
        int containers = p.getMaxSyncContainers();
        limit(MAX_SYNC_CONTAINERS, containers, d.maxSyncContainers(), () -> d.withMaxSyncContainers(containers));
        int inFlight = p.getMaxRequestsInFlight();
        limit(MAX_REQUESTS_IN_FLIGHT, inFlight, d.maxRequestsInFlight(), () -> d.withMaxRequestsInFlight(inFlight));
        String bufferAllowed = "a size of at least 2B and below 2GB (the default is " + size(d.writeBufferHigh()) + ")";
        long buffer = bytes(WRITE_BUFFER_HIGH, p.getWriteBufferHigh(), bufferAllowed);
        if (buffer > Integer.MAX_VALUE) {
            throw new InvalidNriPropertyException(WRITE_BUFFER_HIGH, size(buffer),
                    "over " + Integer.MAX_VALUE + " bytes, the most a buffer holds", bufferAllowed, null);
        }
        limit(WRITE_BUFFER_HIGH, size(buffer), bufferAllowed, () -> d.withWriteBufferHigh((int) buffer));
        Duration stalled = p.getStalledReadTimeout();
        String stalledAllowed = "a duration above 0 (the default is " + duration(d.stalledReadTimeout()) + ")";
        if (stalled == null) {
            throw new InvalidNriPropertyException(STALLED_READ_TIMEOUT, null, "a limit needs a value", stalledAllowed,
                    null);
        }
        limit(STALLED_READ_TIMEOUT, duration(stalled), stalledAllowed, () -> d.withStalledReadTimeout(stalled));
        return new Limits(syncBytes, pods, containers, inFlight, (int) buffer, stalled);
    }

    /** The policy {@code nri.adjustments.unsupported} names: {@code warn} or {@code fail}, in any case. */
    static UnsupportedAdjustments unsupportedAdjustments(NriAdjustmentsProperties p) {
        String value = p.getUnsupported();
        String allowed = "warn (send the adjustment anyway, and log and count what the runtime ignores) or fail"
                + " (fail the request, so that the runtime does not create the container)";
        if (value == null || value.isBlank()) {
            throw new InvalidNriPropertyException(UNSUPPORTED_ADJUSTMENTS, null, "a policy needs a value", allowed,
                    null);
        }
        for (UnsupportedAdjustments policy : UnsupportedAdjustments.values()) {
            if (policy.name().equalsIgnoreCase(value.trim())) {
                return policy;
            }
        }
        throw new InvalidNriPropertyException(UNSUPPORTED_ADJUSTMENTS, value, "not a policy", allowed, null);
    }

    /** Upstream's names of the events, as {@code nri.events} takes them: {@code createcontainer}, ... */
    static List<String> eventNames() {
        return names(EventMask.ALL);
    }

    private static List<String> names(EventMask mask) {
        return mask.events().stream().map(e -> EventMask.prettyName(e).toLowerCase(Locale.ROOT)).toList();
    }

    private static void check(String property, String value, String allowed, Supplier<PluginIdentity> rule) {
        if (value == null || value.isBlank()) {
            throw new InvalidNriPropertyException(property, null, "the runtime needs it to register the plugin",
                    allowed, null);
        }
        try {
            rule.get();
        } catch (IllegalArgumentException e) {
            // The rule's message starts with the value, which the description already gives.
            String message = e.getMessage();
            String quoted = "\"" + value + "\": ";
            int at = message.indexOf(quoted);
            throw new InvalidNriPropertyException(property, value,
                    at < 0 ? message : message.substring(at + quoted.length()), allowed, e);
        }
    }

    private static void limit(String property, int value, int defaultValue, Runnable rule) {
        limit(property, String.valueOf(value), "a number above 0 (the default is " + defaultValue + ")", rule);
    }

    /** Runs {@code rule}, which builds limits with the property's value, naming the property if they refuse it. */
    private static void limit(String property, String value, String allowed, Runnable rule) {
        try {
            rule.run();
        } catch (IllegalArgumentException e) {
            throw new InvalidNriPropertyException(property, value, e.getMessage(), allowed, e);
        }
    }

    private static long bytes(String property, DataSize size, String allowed) {
        if (size == null) {
            throw new InvalidNriPropertyException(property, null, "a limit needs a value", allowed, null);
        }
        return size.toBytes();
    }

    /** A size as it would be written: in the largest unit it is a whole number of. */
    private static String size(long bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int unit = 0;
        while (unit < units.length - 1 && bytes != 0 && bytes % 1024 == 0) {
            bytes /= 1024;
            unit++;
        }
        return bytes + units[unit];
    }

    private static String duration(Duration d) {
        return d.getNano() == 0 ? d.getSeconds() + "s"
                : d.getNano() % 1_000_000 == 0 ? d.toMillis() + "ms" : d.toString();
    }

    private static String orEnvironment(String value, Map<String, String> environment, String variable) {
        return value == null || value.isBlank() ? environment.get(variable) : value;
    }
}
