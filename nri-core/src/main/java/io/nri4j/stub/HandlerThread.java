package io.nri4j.stub;

/** Marks the threads that are running a handler right now. */
final class HandlerThread {

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private HandlerThread() {
    }

    static void enter(String method) {
        CURRENT.set(method);
    }

    static void exit() {
        CURRENT.remove();
    }

    /** The method being handled on this thread, or {@code null}. */
    static String current() {
        return CURRENT.get();
    }
}
