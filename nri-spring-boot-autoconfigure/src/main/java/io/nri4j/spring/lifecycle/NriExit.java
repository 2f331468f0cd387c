package io.nri4j.spring.lifecycle;

/**
 * Ends the application when the plugin must not go on (the runtime shut it down for good, or
 * it lost the runtime with reconnecting disabled). The default closes the context and exits the
 * JVM with the code; tests replace it.
 */
@FunctionalInterface
public interface NriExit {

    void exit(int code, String reason);
}
