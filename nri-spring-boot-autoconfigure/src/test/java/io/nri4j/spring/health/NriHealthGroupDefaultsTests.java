package io.nri4j.spring.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class NriHealthGroupDefaultsTests {

    @Test
    void theReadinessGroupIncludesNriByDefault() {
        StandardEnvironment environment = new StandardEnvironment();

        new NriHealthGroupDefaults().postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty(NriHealthGroupDefaults.READINESS)).isEqualTo("readinessState,nri");
    }

    @Test
    void anApplicationThatConfiguresTheGroupKeepsItsOwn() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("app",
                Map.of(NriHealthGroupDefaults.READINESS, "readinessState")));

        new NriHealthGroupDefaults().postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty(NriHealthGroupDefaults.READINESS)).isEqualTo("readinessState");
    }
}
