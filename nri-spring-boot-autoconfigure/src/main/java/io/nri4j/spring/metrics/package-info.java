/**
 * Micrometer meters of the plugin, one class per source:
 * <ul>
 * <li>{@link io.nri4j.spring.metrics.RequestMetrics}: {@code nri.plugin.requests} (timer; tags
 * {@code request}, {@code outcome}: success, error, overrun, and rejected for
 * ValidateContainerAdjustment), and the counters {@code nri.plugin.adjustments},
 * {@code nri.plugin.updates}, {@code nri.plugin.errors}, {@code nri.plugin.budget.overruns} and
 * {@code nri.plugin.requests.yielded} (requests another instance of the plugin handled, during a
 * rolling update), each tagged {@code request};
 * <li>{@link io.nri4j.spring.metrics.UpdateMetrics}: {@code nri.plugin.updates} tagged
 * {@code request=UpdateContainers}, the updates the application sends on its own;
 * <li>{@link io.nri4j.spring.metrics.ConnectionMetrics}: {@code nri.plugin.reconnects},
 * {@code nri.plugin.connection.state}, {@code nri.plugin.instance.start.time} and
 * {@code nri.plugin.instance.peers};
 * <li>{@link io.nri4j.spring.metrics.AdjustmentMetrics}: {@code nri.adjustments.ignored} tagged
 * {@code field}, the fields of CreateContainer adjustments the runtime's NRI version ignores;
 * <li>{@link io.nri4j.spring.metrics.StartupRequestMeters}: the request meters of Configure,
 * Synchronize and every subscribed event, at zero from startup.
 * </ul>
 */
package io.nri4j.spring.metrics;
