package io.nri4j.spring.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.tomcat.TomcatMetrics;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Manager;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.metrics.TomcatMetricsBinder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;

/**
 * Boot's Tomcat binder, with Micrometer's Tomcat meters looking for Tomcat's MBeans in an MBean
 * server of their own instead of the platform's. For use while Tomcat's MBean registry is off,
 * Boot's default: Tomcat then registers no MBeans anywhere, so the meters are the same (its
 * sessions', read from its session manager), and the JVM does not build the platform MBean
 * server, with every platform MXBean in it, on the main thread during the start (30 ms of a
 * Spring plugin's start on JDK 25 with an AOT cache, 100 ms without a class cache).
 *
 * <p>Internal: made by {@code NriTomcatMetricsAutoConfiguration}. Threads: Spring's, at the
 * started event and at close.
 */
public final class TomcatSessionMetricsBinder extends TomcatMetricsBinder {

    private final MeterRegistry registry;
    private volatile TomcatMetrics metrics;

    public TomcatSessionMetricsBinder(MeterRegistry registry) {
        super(registry);
        this.registry = registry;
    }

    @Override
    public void onApplicationEvent(ApplicationStartedEvent event) {
        // A server of their own: nothing registers with it, as nothing would with the platform's.
        MBeanServer own = MBeanServerFactory.newMBeanServer();
        TomcatMetrics bound = new TomcatMetrics(manager(event.getApplicationContext()), List.of(), own);
        bound.bindTo(registry);
        metrics = bound;
    }

    @Override
    public void destroy() {
        TomcatMetrics bound = metrics;
        if (bound != null) {
            bound.close();
        }
    }

    private static Manager manager(ApplicationContext context) {
        if (context instanceof WebServerApplicationContext web
                && web.getWebServer() instanceof TomcatWebServer tomcat) {
            for (Container child : tomcat.getTomcat().getHost().findChildren()) {
                if (child instanceof Context servletContext) {
                    return servletContext.getManager();
                }
            }
        }
        return null;
    }
}
