package io.nri4j.bench.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The benchmark plugin as a Spring Boot application; the socket comes as --nri.socket-path. */
@SpringBootApplication
public class SpringBenchPlugin {

    public static void main(String[] args) {
        SpringApplication.run(SpringBenchPlugin.class, args);
    }
}
