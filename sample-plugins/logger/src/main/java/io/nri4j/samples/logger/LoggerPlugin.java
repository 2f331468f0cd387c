package io.nri4j.samples.logger;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * An NRI plugin that logs every request the runtime sends it, one line each, and can inject
 * annotations and environment variables into new containers ({@link LoggerProperties}).
 */
@SpringBootApplication
@EnableConfigurationProperties(LoggerProperties.class)
public class LoggerPlugin {

    public static void main(String[] args) {
        SpringApplication.run(LoggerPlugin.class, args);
    }
}
