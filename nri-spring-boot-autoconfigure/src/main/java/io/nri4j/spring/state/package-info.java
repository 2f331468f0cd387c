/**
 * An optional view of the node's pods and containers, kept by the framework from Synchronize
 * and lifecycle events ({@code nri.state.enabled}).
 */
package io.nri4j.spring.state;
