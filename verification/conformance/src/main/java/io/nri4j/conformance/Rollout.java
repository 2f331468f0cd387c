package io.nri4j.conformance;

import io.nri4j.adjust.Adjustment;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.NriPlugin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The plugin of the rollout scenario: every handler leaves one line in a file all instances
 * append to ({@code <event> <container or pod id> <instance>}), and CreateContainer adds the
 * instance as an annotation. The harness counts the lines: each exactly once.
 */
final class Rollout {

    static final String ANNOTATION = "rollout.nri4j.io/instance";

    private final Path effects;
    private final AtomicReference<String> instance = new AtomicReference<>("?");

    Rollout(Path effects) {
        this.effects = effects;
    }

    NriPlugin.Builder handlers(NriPlugin.Builder b) {
        return b.onRunPodSandbox((req, ctx) -> effect("RunPodSandbox", req.getPod().getId()))
                .onCreateContainer((req, ctx) -> {
                    effect("CreateContainer", req.getContainer().getId());
                    return CreateContainerResult.of(Adjustment.create().addAnnotation(ANNOTATION, instance.get()));
                })
                .onStartContainer((req, ctx) -> effect("StartContainer", req.getContainer().getId()))
                .onStopContainer((req, ctx) -> {
                    effect("StopContainer", req.getContainer().getId());
                    return List.of();
                })
                .onRemoveContainer((req, ctx) -> effect("RemoveContainer", req.getContainer().getId()));
    }

    void built(NriPlugin plugin) {
        instance.set(plugin.instance().id());
    }

    private void effect(String event, String id) {
        try {
            // One write with O_APPEND: lines of concurrent instances do not interleave.
            Files.write(effects, (event + " " + id + " " + instance.get() + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
