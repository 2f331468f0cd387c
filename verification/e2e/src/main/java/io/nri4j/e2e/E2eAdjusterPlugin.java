package io.nri4j.e2e;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The Spring plugin the e2e suite runs beside a real containerd (see harness/). */
@SpringBootApplication
public class E2eAdjusterPlugin {

    public static void main(String[] args) {
        SpringApplication.run(E2eAdjusterPlugin.class, args);
    }
}
