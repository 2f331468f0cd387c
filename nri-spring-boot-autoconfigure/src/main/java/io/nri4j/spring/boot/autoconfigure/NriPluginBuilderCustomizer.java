package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.stub.NriPlugin;

/**
 * Changes the plugin's builder for what no {@code nri.*} property covers. Every bean of this
 * type runs, in {@code @Order}, after the properties and the handler methods have been applied
 * and just before the plugin is built, so its settings win.
 *
 * <p>{@code listener(...)} and {@code observer(...)} replace the ones the application's events,
 * health and metrics depend on: listen for {@code NriEvent}s and define {@code RequestObserver}
 * beans instead.
 */
@FunctionalInterface
public interface NriPluginBuilderCustomizer {

    void customize(NriPlugin.Builder builder);
}
