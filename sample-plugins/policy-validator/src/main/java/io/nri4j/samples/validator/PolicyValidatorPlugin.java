package io.nri4j.samples.validator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * An NRI validator that holds the other plugins to a policy ({@link PolicyProperties}): which
 * plugins must be running when a container is created, and what each plugin may change.
 */
@SpringBootApplication
@EnableConfigurationProperties(PolicyProperties.class)
public class PolicyValidatorPlugin {

    public static void main(String[] args) {
        SpringApplication.run(PolicyValidatorPlugin.class, args);
    }
}
