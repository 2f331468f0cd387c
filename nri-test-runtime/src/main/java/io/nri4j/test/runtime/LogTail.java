package io.nri4j.test.runtime;

import java.util.ArrayDeque;
import java.util.Deque;

/** The last lines of a log, for failure messages. Thread-safe. */
final class LogTail {

    private final int capacity;
    private final Deque<String> lines = new ArrayDeque<>();

    LogTail(int capacity) {
        this.capacity = capacity;
    }

    synchronized void add(String line) {
        if (lines.size() == capacity) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    @Override
    public synchronized String toString() {
        return String.join("\n", lines);
    }
}
