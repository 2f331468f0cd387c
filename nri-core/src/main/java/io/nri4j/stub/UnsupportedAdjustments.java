package io.nri4j.stub;

/**
 * What the plugin does when a CreateContainer adjustment sets a field the runtime's NRI version
 * ignores (e.g. {@code args} before NRI v0.10.0): the container would start without it.
 * Nothing is checked when the runtime's NRI version is unknown.
 *
 * @see NriPlugin.Builder#unsupportedAdjustments(UnsupportedAdjustments)
 */
public enum UnsupportedAdjustments {

    /**
     * The reply goes out as it is; each field is logged once per plugin, and every such reply is
     * reported as {@link NriEvent.AdjustmentFieldsIgnored}.
     */
    WARN,

    /**
     * The request fails with {@code FAILED_PRECONDITION} naming the fields, so that the runtime
     * fails the container's creation instead of starting it without them.
     */
    FAIL
}
