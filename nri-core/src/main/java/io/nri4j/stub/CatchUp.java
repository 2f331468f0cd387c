package io.nri4j.stub;

import io.nri4j.adjust.Update;
import java.util.Objects;

/** What the plugin does about an escaped container: nothing, update it, or evict it. */
public sealed interface CatchUp {

    /** Leave it as it is (it was reported). */
    static CatchUp none() {
        return Nothing.INSTANCE;
    }

    /**
     * Send this update for it with {@code UpdateContainers} (only resources can change after
     * creation). The update's container id is the escaped container's, whatever it was built with.
     */
    static CatchUp update(Update update) {
        return new Apply(Objects.requireNonNull(update));
    }

    /**
     * Stop the container so that the kubelet starts it again, this time through the plugin.
     * Runtimes drop the evictions plugins send (the NRI runtime library forwards none), so the
     * plugin stops it itself: it kills the container's init process, which it must see (host PID
     * namespace, root), after checking the process's cgroup names the container.
     */
    static CatchUp evict(String reason) {
        return new Evict(Objects.requireNonNull(reason));
    }

    /** Nothing to do. */
    enum Nothing implements CatchUp {
        INSTANCE
    }

    /**
     * An update to send.
     *
     * @param update the resources to apply
     */
    record Apply(Update update) implements CatchUp {
    }

    /**
     * A container to stop.
     *
     * @param reason logged with it
     */
    record Evict(String reason) implements CatchUp {
    }
}
