/**
 * The plugin's life inside the application: one connection at a time, started after every
 * handler bean exists and stopped before they are destroyed; reconnection with backoff when the
 * runtime goes away; graceful stop; exit when the runtime shuts the plugin down for good.
 * Milestones are published as Spring application events ({@link io.nri4j.stub.NriEvent}).
 */
package io.nri4j.spring.lifecycle;
