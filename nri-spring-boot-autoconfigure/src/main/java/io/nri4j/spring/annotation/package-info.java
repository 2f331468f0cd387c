/**
 * Annotations that make bean methods NRI handlers: one per request the runtime sends. A bean
 * with such methods is found by type like any other bean; nothing needs registering.
 */
package io.nri4j.spring.annotation;
