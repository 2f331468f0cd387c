package io.nri4j.samples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class SpringHelloPlugin {

    public static void main(String[] args) {
        SpringApplication.run(SpringHelloPlugin.class, args);
    }
}
