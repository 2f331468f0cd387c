package io.nri4j.stub;

/** Why a container the runtime reports was not created through the plugin. */
public enum EscapeCause {

    /** Created while no instance of the plugin was connected (crash, restart, node boot, rollout). */
    DOWNTIME,

    /**
     * Created while the plugin registered, and missing from its Synchronize (containerd/nri#63):
     * first seen in a later event.
     */
    SYNCHRONIZE_RACE,

    /** The plugin's CreateContainer handler missed its time budget: the runtime went on without it. */
    TIMEOUT,

    /**
     * Created through the plugin, but the runtime's NRI version ignored fields of its adjustment
     * ({@link NriEvent.AdjustmentFieldsIgnored}, {@link UnsupportedAdjustments}): counted, not
     * handed to the escaped-container handler, which could not do better on that runtime.
     */
    OLDER_RUNTIME,

    /**
     * Not an escape: the container is older than the plugin's first registration on this node
     * (told apart only with a ledger directory, {@link Enforcement#directory()}).
     */
    PREEXISTING;

    /** Whether the container escaped a plugin that was meant to see it. */
    public boolean escaped() {
        return this != PREEXISTING;
    }
}
