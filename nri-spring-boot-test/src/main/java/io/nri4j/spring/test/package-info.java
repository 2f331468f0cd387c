/**
 * Test support for Spring Boot NRI plugins: {@link io.nri4j.spring.test.EmbeddedNriRuntime} on a
 * {@code @SpringBootTest} runs the plugin against the upstream NRI runtime library.
 */
package io.nri4j.spring.test;
