package io.nri4j.samples.hello;

import io.nri4j.adjust.Adjustment;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.NriPlugin;

/** Greets every new container with an annotation and an environment variable. */
public final class HelloWorldPlugin {

    /** Serves until the connection ends; the exit code says how (see Disconnect.Kind). */
    public static void main(String[] args) throws Exception {
        System.exit(plugin().build().runForExitCode());
    }

    /** The plugin, to build and run, or to connect to a test's runtime. */
    static NriPlugin.Builder plugin() {
        return NriPlugin.builder()
                .name("hello-world").index("50")
                .onCreateContainer((request, context) -> CreateContainerResult.of(Adjustment.create()
                        .addAnnotation("hello.nri4j.io/greeting", "hello, " + request.getContainer().getName())
                        .addEnv("HELLO", "world")));
    }
}
