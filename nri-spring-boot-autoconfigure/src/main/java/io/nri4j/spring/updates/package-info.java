/** Unsolicited container updates from anywhere in the application. */
package io.nri4j.spring.updates;
