package io.nri4j.conformance;

import io.nri4j.adjust.Adjustment;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.NriPlugin;
import java.nio.file.Path;

public final class ConformancePlugin {
    public static void main(String[] args) throws Exception {
        NriPlugin.builder()
                .name(args[1]).index(args[2]).socketPath(Path.of(args[0]))
                .onCreateContainer((req, ctx) -> CreateContainerResult.of(
                        Adjustment.create().addAnnotation("nri4j/hello", req.getContainer().getName())))
                .listener(e -> System.out.println("EVENT " + e))
                .build()
                .run();
    }
}
