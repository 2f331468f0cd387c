package io.nri4j.test.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The runtime program and its JSON-lines protocol: a command per line on stdin, exactly one
 * response line per command (same {@code id}) and notification lines ({@code event}) on stdout,
 * logs on stderr. Commands may be sent from any thread; each waits for its own response.
 */
final class RuntimeProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(UpstreamRuntime.class);
    private static final Duration EXIT_GRACE = Duration.ofSeconds(10);

    private final ObjectMapper json = new ObjectMapper();
    private final Process process;
    private final Writer stdin;
    private final Consumer<JsonNode> notifications;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final LogTail stderr = new LogTail(60);
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private volatile String ended;

    private RuntimeProcess(Process process, Consumer<JsonNode> notifications) {
        this.process = process;
        this.notifications = notifications;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.stdoutReader = reader("stdout", process.getInputStream(), this::received);
        this.stderrReader = reader("stderr", process.getErrorStream(), line -> {
            stderr.add(line);
            log.debug("{}", line);
        });
        stdoutReader.start();
        stderrReader.start();
    }

    static RuntimeProcess launch(List<String> command, Consumer<JsonNode> notifications) {
        try {
            return new RuntimeProcess(new ProcessBuilder(command).start(), notifications);
        } catch (IOException e) {
            throw new UpstreamRuntimeException("cannot run " + command + ": " + e.getMessage(), "", e);
        }
    }

    /** A new command of this op, to add fields to and {@link #call}. */
    ObjectNode command(String op) {
        return json.createObjectNode().put("op", op);
    }

    /**
     * Sends a command and waits for its response.
     *
     * @throws UpstreamRuntimeException if none came within the timeout, or the runtime is gone
     */
    JsonNode call(ObjectNode command, Duration timeout) {
        String op = command.path("op").asString();
        long id = ids.incrementAndGet();
        command.put("id", id);
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        pending.put(id, response);
        try {
            send(command, op);
            return response.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw failure("the runtime did not answer " + op + " within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted while waiting for the runtime to answer " + op, e);
        } catch (ExecutionException e) {
            throw failure(op + ": " + e.getCause().getMessage(), e.getCause());
        } finally {
            pending.remove(id);
        }
    }

    private void send(ObjectNode command, String op) {
        if (ended != null) {
            throw failure("cannot send " + op + ": " + ended, null);
        }
        try {
            String line = json.writeValueAsString(command) + "\n";
            synchronized (stdin) {
                stdin.write(line);
                stdin.flush();
            }
        } catch (IOException e) {
            throw failure("cannot send " + op + " to the runtime: " + e.getMessage(), e);
        }
    }

    UpstreamRuntimeException failure(String message, Throwable cause) {
        return new UpstreamRuntimeException(message, log(), cause);
    }

    /** The last lines the runtime logged. */
    String log() {
        return stderr.toString();
    }

    private void received(String line) {
        JsonNode node;
        try {
            node = json.readTree(line);
        } catch (JacksonException e) {
            log.warn("the runtime wrote a line that is not JSON: {}", line);
            return;
        }
        if (node.has("id")) {
            CompletableFuture<JsonNode> waiting = pending.get(node.get("id").asLong());
            if (waiting != null) {
                waiting.complete(node);
            }
        } else if (node.has("event")) {
            try {
                notifications.accept(node);
            } catch (RuntimeException e) {
                log.warn("cannot take the runtime's notification {}: {}", line, e.toString());
            }
        }
    }

    private Thread reader(String stream, InputStream in, Consumer<String> lines) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                log.debug("reading the runtime's {}: {}", stream, e.toString());
            }
            if (stream.equals("stdout")) {
                stdoutEnded();
            }
        }, "nri-runtime-" + stream);
        t.setDaemon(true);
        return t;
    }

    /** The runtime can answer nothing more: fail whoever waits. */
    private void stdoutEnded() {
        String why;
        try {
            why = process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)
                    ? "the runtime exited with status " + process.exitValue()
                    : "the runtime closed its stdout";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why = "the runtime closed its stdout";
        }
        ended = why;
        String reason = why;
        pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException(reason)));
    }

    /** Ends stdin, which makes the runtime stop everything and exit; kills it if it does not. */
    @Override
    public void close() {
        try {
            synchronized (stdin) {
                stdin.close();
            }
        } catch (IOException e) {
            log.debug("closing the runtime's stdin: {}", e.toString());
        }
        try {
            if (!process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("the runtime did not exit within {} of the end of its input; killing it", EXIT_GRACE);
                process.destroyForcibly().waitFor();
            }
            stdoutReader.join(EXIT_GRACE.toMillis());
            stderrReader.join(EXIT_GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
