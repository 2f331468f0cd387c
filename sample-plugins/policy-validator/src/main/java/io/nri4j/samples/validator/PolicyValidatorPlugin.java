package io.nri4j.samples.validator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * An NRI validator that holds the other plugins to a policy ({@link PolicyProperties}): which
 * plugins must take part in each container's creation, and what each plugin may change.
 */
@SpringBootApplication
@EnableConfigurationProperties(PolicyProperties.class)
public class PolicyValidatorPlugin {

    public static void main(String[] args) {
        SpringApplication.run(PolicyValidatorPlugin.class, args);
    }
}
