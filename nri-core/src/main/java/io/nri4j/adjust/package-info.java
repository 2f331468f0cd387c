/**
 * Fluent, immutable builders for what a plugin sends back: {@link io.nri4j.adjust.Adjustment}
 * (changes to a container being created), {@link io.nri4j.adjust.Update} (resource changes to
 * an existing container) and {@link io.nri4j.adjust.Eviction}; plus the effective-annotation
 * lookup of {@link io.nri4j.adjust.Annotations}.
 *
 * <p>Every call returns a new builder; the one it was called on is unchanged, so a partly built
 * adjustment can be shared. The verbs and their meanings are upstream's: {@code add...} sets
 * (claims) an entry, {@code remove...} marks it for removal with a leading {@code -}, and
 * removing then adding the same entry in one adjustment takes it over from another plugin.
 * The runtime treats two claims on one entry as a conflict, even from the same plugin, so the
 * builders refuse a second {@code add} of the same key.
 */
package io.nri4j.adjust;
