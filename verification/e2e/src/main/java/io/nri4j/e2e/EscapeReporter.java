package io.nri4j.e2e;

import io.nri4j.adjust.Update;
import io.nri4j.spring.annotation.OnEscapedContainer;
import io.nri4j.stub.CatchUp;
import io.nri4j.stub.EscapedContainer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The plugin's escaped containers (its ledger under {@code nri.enforcement.directory}): one line
 * {@code ESCAPED <container id> <cause> <pid the runtime listed>} each, appended to
 * {@code e2e.escapes.file} with one write (the suite counts them, also across a SIGKILL); an
 * escaped one (not a pre-existing one) is caught up as {@code e2e.escapes.catch-up} says:
 * {@code none}, {@code update} (the memory limit {@code e2e.escapes.memory-limit}) or {@code evict}.
 */
@Component
class EscapeReporter {

    enum Mode {
        NONE, UPDATE, EVICT
    }

    private final Path file;
    private final Mode mode;
    private final long memoryLimit;

    EscapeReporter(@Value("${e2e.escapes.file:}") String file, @Value("${e2e.escapes.catch-up:none}") String mode,
            @Value("${e2e.escapes.memory-limit:100663296}") long memoryLimit) {
        this.file = file.isEmpty() ? null : Path.of(file);
        this.mode = Mode.valueOf(mode.toUpperCase(Locale.ROOT));
        this.memoryLimit = memoryLimit;
    }

    @OnEscapedContainer
    CatchUp escaped(EscapedContainer escaped) {
        write("ESCAPED " + escaped.container().getId() + " " + escaped.cause() + " " + escaped.container().getPid()
                + "\n");
        if (!escaped.cause().escaped()) {
            return CatchUp.none();
        }
        return switch (mode) {
            case NONE -> CatchUp.none();
            case UPDATE -> CatchUp.update(Update.forContainer(escaped.container().getId())
                    .setLinuxMemoryLimit(memoryLimit));
            case EVICT -> CatchUp.evict("e2e: created while the plugin was down");
        };
    }

    private synchronized void write(String line) {
        if (file == null) {
            return;
        }
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            out.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
