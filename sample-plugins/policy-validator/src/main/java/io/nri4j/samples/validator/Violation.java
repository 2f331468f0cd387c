package io.nri4j.samples.validator;

/**
 * One thing the policy forbids that a container's adjustment (or its plugins) did.
 *
 * @param rule the rule broken
 * @param plugin the plugin at fault, or the missing one, as the runtime names it
 * @param what what happened, e.g. {@code set env INJECTED}
 * @param allowed what the rule allows instead, e.g. {@code may change only [annotations]}
 */
record Violation(Rule rule, String plugin, String what, String allowed) {

    /**
     * For the rejection reason:
     * {@code plugin 10-injector set env INJECTED, but may change only [annotations] (rule allowed-kinds)}.
     */
    String describe() {
        return "plugin " + plugin + " " + what + ", but " + allowed + " (rule " + rule.tag() + ")";
    }
}
