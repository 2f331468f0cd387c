package io.nri4j.samples.devices;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The device injector: an NRI plugin that adjusts containers as their pod's annotations ask. */
@SpringBootApplication
public class DeviceInjectorPlugin {

    public static void main(String[] args) {
        SpringApplication.run(DeviceInjectorPlugin.class, args);
    }
}
