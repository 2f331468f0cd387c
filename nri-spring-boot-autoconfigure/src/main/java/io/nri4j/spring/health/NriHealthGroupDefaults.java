package io.nri4j.spring.health;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Puts the {@code nri} contributor into the readiness group unless the application configures
 * the group itself: a node plugin is ready only once the runtime sends it events. Added last,
 * so any property source of the application wins.
 */
public final class NriHealthGroupDefaults implements EnvironmentPostProcessor, Ordered {

    static final String READINESS = "management.endpoint.health.group.readiness.include";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.containsProperty(READINESS)) {
            return;
        }
        environment.getPropertySources().addLast(new MapPropertySource("nriHealthGroupDefaults",
                Map.of(READINESS, "readinessState,nri")));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
