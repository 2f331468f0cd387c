/** The runtime's drop-in configuration, typed: {@link io.nri4j.spring.config.NriConfigBinder}. */
package io.nri4j.spring.config;
