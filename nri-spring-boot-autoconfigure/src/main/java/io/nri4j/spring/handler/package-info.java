/**
 * Handler methods: found on beans by their {@code @On...} annotation (the annotation), checked
 * and turned into invokers at startup (the processor), kept per request in order (the
 * registry), and run as one chain per request whose results are merged (the chain) into the
 * single handler the stub gets. Every mistake in a method's signature fails startup with a
 * message that names the method; two methods claiming the same field fail the request with a
 * message that names both.
 */
package io.nri4j.spring.handler;
