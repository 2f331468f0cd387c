package io.nri4j.spring.boot.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.spring.metrics.TomcatSessionMetricsBinder;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.metrics.TomcatMetricsBinder;
import org.springframework.context.annotation.Bean;

/**
 * Boot's Tomcat meters without the platform MBean server, while Tomcat's MBean registry is off
 * ({@code server.tomcat.mbeanregistry.enabled}, Boot's default): see
 * {@link TomcatSessionMetricsBinder}. Takes the place of Boot's binder under its bean name; backs
 * off for the application's own {@code TomcatMetrics} or binder, and with the registry on.
 */
@AutoConfiguration(
        afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        beforeName = "org.springframework.boot.tomcat.autoconfigure.metrics.TomcatMetricsAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"org.springframework.boot.tomcat.metrics.TomcatMetricsBinder",
        "io.micrometer.core.instrument.binder.tomcat.TomcatMetrics", "org.apache.catalina.Manager"})
@ConditionalOnProperty(name = "server.tomcat.mbeanregistry.enabled", havingValue = "false", matchIfMissing = true)
public final class NriTomcatMetricsAutoConfiguration {

    @Bean
    @ConditionalOnBean(MeterRegistry.class)
    @ConditionalOnMissingBean(type = {"io.micrometer.core.instrument.binder.tomcat.TomcatMetrics",
            "org.springframework.boot.tomcat.metrics.TomcatMetricsBinder"})
    TomcatMetricsBinder tomcatMetricsBinder(MeterRegistry registry) {
        return new TomcatSessionMetricsBinder(registry);
    }
}
