/**
 * Each request of the runtime as a Micrometer {@link io.micrometer.observation.Observation}
 * named {@code nri.request}: with Micrometer Tracing and a bridge on the classpath, a span that
 * continues the runtime's trace where the runtime sent a W3C {@code traceparent} in the ttrpc
 * metadata. Low-cardinality keys {@code nri.event}, {@code nri.plugin} and {@code nri.outcome};
 * high-cardinality {@code nri.pod} and {@code nri.container}.
 */
package io.nri4j.spring.observation;
