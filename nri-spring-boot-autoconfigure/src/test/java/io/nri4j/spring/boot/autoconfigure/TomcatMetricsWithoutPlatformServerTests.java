package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.nri4j.spring.metrics.TomcatSessionMetricsBinder;
import java.util.Set;
import java.util.TreeSet;
import javax.management.MBeanServerFactory;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.autoconfigure.metrics.TomcatMetricsAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.tomcat.metrics.TomcatMetricsBinder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A servlet application on Tomcat gets Boot's Tomcat meters without the JVM building its platform
 * MBean server; with Tomcat's MBean registry on, Boot's own binder.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TomcatMetricsWithoutPlatformServerTests {

    @Test
    @Order(1)
    void startsWithoutBuildingThePlatformMBeanServer() {
        // Building the platform server adds it to this list, for good; a server of one's own does not.
        assertThat(MBeanServerFactory.findMBeanServer(null))
                .as("MBean servers before the start: none, unless a test before this one in this JVM built one")
                .isEmpty();
        try (ConfigurableApplicationContext app = start(true)) {
            assertThat(app.getBean(TomcatMetricsBinder.class)).isInstanceOf(TomcatSessionMetricsBinder.class);
            assertThat(MBeanServerFactory.findMBeanServer(null)).isEmpty();
        }
    }

    @Test
    @Order(2)
    void bindsTheSameTomcatMetersAsBootsBinder() {
        Set<String> ours;
        try (ConfigurableApplicationContext app = start(true)) {
            ours = tomcatMeters(app);
        }
        try (ConfigurableApplicationContext app = start(false)) {
            assertThat(app.getBean(TomcatMetricsBinder.class).getClass()).isEqualTo(TomcatMetricsBinder.class);
            assertThat(tomcatMeters(app)).isNotEmpty().isEqualTo(ours);
        }
    }

    @Test
    @Order(3)
    void leavesBootsBinderInPlaceWithTomcatsMBeanRegistryOn() {
        try (ConfigurableApplicationContext app = start(true, "--server.tomcat.mbeanregistry.enabled=true")) {
            assertThat(app.getBean(TomcatMetricsBinder.class).getClass()).isEqualTo(TomcatMetricsBinder.class);
        }
    }

    @Test
    @Order(4)
    void backsOffForTheApplicationsOwnBinder() {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(WebApp.class, OwnBinder.class)
                .web(WebApplicationType.SERVLET).run("--server.port=0")) {
            assertThat(app.getBean(TomcatMetricsBinder.class)).isSameAs(app.getBean(OwnBinder.class).binder);
        }
    }

    private static ConfigurableApplicationContext start(boolean withNri, String... args) {
        Class<?> app = withNri ? WebApp.class : WebAppWithoutNri.class;
        String[] all = new String[args.length + 1];
        all[0] = "--server.port=0";
        System.arraycopy(args, 0, all, 1, args.length);
        return new SpringApplicationBuilder(app).web(WebApplicationType.SERVLET).run(all);
    }

    private static Set<String> tomcatMeters(ConfigurableApplicationContext app) {
        Set<String> names = new TreeSet<>();
        for (Meter meter : app.getBean(MeterRegistry.class).getMeters()) {
            if (meter.getId().getName().startsWith("tomcat.")) {
                names.add(meter.getId().getName());
            }
        }
        return names;
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({NriTomcatMetricsAutoConfiguration.class, TomcatMetricsAutoConfiguration.class,
            TomcatServletWebServerAutoConfiguration.class})
    static class WebApp {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({TomcatMetricsAutoConfiguration.class, TomcatServletWebServerAutoConfiguration.class})
    static class WebAppWithoutNri {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnBinder {

        final TomcatMetricsBinder binder = new TomcatMetricsBinder(new SimpleMeterRegistry());

        @Bean
        TomcatMetricsBinder ownTomcatMetricsBinder() {
            return binder;
        }
    }
}
