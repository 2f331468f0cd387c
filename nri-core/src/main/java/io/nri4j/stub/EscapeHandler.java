package io.nri4j.stub;

/**
 * Decides what to do with a container that escaped the plugin ({@link NriPlugin.Builder#onEscapedContainer}).
 * Runs on a handler thread after the handshake, outside any request of the runtime.
 */
@FunctionalInterface
public interface EscapeHandler {

    /**
     * What to do about one container; null is {@link CatchUp#none()}.
     *
     * @throws Exception logged with the container; the others are still handled
     */
    CatchUp handle(EscapedContainer escaped) throws Exception;
}
