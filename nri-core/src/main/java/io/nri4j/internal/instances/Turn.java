package io.nri4j.internal.instances;

/** Whether this instance handles a request, and how it says it answered. */
public sealed interface Turn {

    /** No other instance is connected: handle, nothing to record. */
    Turn ALONE = new Alone();

    /** Whether this instance runs its handler. */
    boolean handles();

    /** Called just before the answer is written; the other instances then leave the request alone. */
    void answering();

    /** The only instance. */
    record Alone() implements Turn {
        @Override
        public boolean handles() {
            return true;
        }

        @Override
        public void answering() {
        }
    }

    /** Claimed by this instance; {@code takenOver} when the claimant before it did not answer. */
    record Claimed(Coordinator coordinator, String key, boolean takenOver) implements Turn {
        @Override
        public boolean handles() {
            return true;
        }

        @Override
        public void answering() {
            coordinator.answered(key);
        }
    }

    /** Another instance handles (or handled) it. */
    record Yielded(String to) implements Turn {
        @Override
        public boolean handles() {
            return false;
        }

        @Override
        public void answering() {
        }
    }
}
