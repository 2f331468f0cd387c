package io.nri4j.spring.it;

import org.springframework.boot.SpringApplication;

/** A plugin application run as a process of its own, to see how it exits. */
public final class ExitApp {

    private ExitApp() {
    }

    public static void main(String[] args) {
        SpringApplication.run(new Class<?>[] {PluginApps.App.class, Greeter.class}, args);
    }
}
