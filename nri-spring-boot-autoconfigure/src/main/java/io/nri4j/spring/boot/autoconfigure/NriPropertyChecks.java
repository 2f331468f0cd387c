package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.HandlerBudget;
import io.nri4j.stub.PluginIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Checks, at startup, the {@code nri.*} values the runtime or the stub would refuse later, and
 * names the property that broke a rule. The rules stay where they are enforced
 * ({@link PluginIdentity}, {@link EventMask}, {@link HandlerBudget}).
 */
final class NriPropertyChecks {

    static final String NAME = "nri.plugin.name (or " + PluginIdentity.NAME_ENV + ")";
    static final String INDEX = "nri.plugin.index (or " + PluginIdentity.INDEX_ENV + ")";
    static final String EVENTS = "nri.events";
    static final String FRACTION = "nri.handler.budget.fraction";
    static final String OVERRUN = "nri.handler.budget.overrun";

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
        return () -> subscription(registry.events(), properties.getEvents());
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

    private static String orEnvironment(String value, Map<String, String> environment, String variable) {
        return value == null || value.isBlank() ? environment.get(variable) : value;
    }
}
