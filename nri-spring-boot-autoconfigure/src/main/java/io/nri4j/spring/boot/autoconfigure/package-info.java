/** Spring Boot auto-configuration of NRI plugins; properties under {@code nri.*}. */
package io.nri4j.spring.boot.autoconfigure;
