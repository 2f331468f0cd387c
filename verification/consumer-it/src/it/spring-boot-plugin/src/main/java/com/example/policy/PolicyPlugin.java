package com.example.policy;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class PolicyPlugin {

    public static void main(String[] args) {
        SpringApplication.run(PolicyPlugin.class, args);
    }
}
