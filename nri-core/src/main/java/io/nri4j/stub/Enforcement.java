package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Container;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether the plugin knows which containers escaped it, and where it remembers what it reported.
 * On, every container the plugin's CreateContainer handler answers carries the annotation
 * {@code handled.nri4j.io/<plugin name>} (its value: the instance), which runtimes list again in
 * Synchronize and in later events; a container without it was created without the plugin, and
 * is reported once to {@link NriPlugin.Builder#onEscapedContainer}. Only plugins with a
 * CreateContainer handler enforce anything.
 *
 * @param enabled whether to mark containers and report the unmarked ones
 * @param directory where the ledger lives (a host path that survives reboots, e.g.
 *     {@code /var/lib/nri4j}): what was reported, and which containers are older than the
 *     plugin's first registration on the node. Without it the plugin remembers only for the life
 *     of its process, and cannot tell pre-existing containers from escapes.
 */
public record Enforcement(boolean enabled, Optional<Path> directory) {

    /** On, remembering in memory only. */
    public static final Enforcement DEFAULTS = new Enforcement(true, Optional.empty());
    /** Off: no marker, no reports. */
    public static final Enforcement OFF = new Enforcement(false, Optional.empty());

    /** The marker annotation's prefix; the plugin's base name follows. */
    public static final String MARKER_PREFIX = "handled.nri4j.io/";

    /** On, with the ledger under {@code directory}. */
    public static Enforcement remembering(Path directory) {
        return new Enforcement(true, Optional.of(directory));
    }

    /** The annotation that marks containers the plugin {@code pluginName} handled. */
    public static String markerKey(String pluginName) {
        return MARKER_PREFIX + pluginName;
    }

    /** Whether an instance of the plugin {@code pluginName} handled the creation of {@code container}. */
    public static boolean handled(Container container, String pluginName) {
        return container.getAnnotationsMap().containsKey(markerKey(pluginName));
    }
}
