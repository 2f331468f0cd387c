package io.nri4j.samples.ulimit;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The ulimit adjuster: an NRI plugin that sets containers' rlimits as their pod's annotations ask. */
@SpringBootApplication
public class UlimitAdjusterPlugin {

    public static void main(String[] args) {
        SpringApplication.run(UlimitAdjusterPlugin.class, args);
    }
}
