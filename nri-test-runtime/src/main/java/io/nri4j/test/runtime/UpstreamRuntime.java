package io.nri4j.test.runtime;

import com.google.protobuf.Parser;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A container runtime's NRI side under a test's control, for plugins that connect to
 * {@link #socket()}: in {@link Mode#LIBRARY} the upstream runtime library (containerd/nri
 * {@code pkg/adaptation}) that containerd embeds, in {@link Mode#DRAFT} a runtime of the v1beta1
 * draft that can send Shutdown with a reason. It runs as a program of its own (conformance's
 * {@code cmd/runtime}); {@link #launch} starts that program, {@link #start()} the runtime.
 *
 * <p>Every method blocks until the runtime has done it, and may be called from any thread.
 * Failures to do it are {@link UpstreamRuntimeException}s; runtime operations that fail as
 * they would in containerd are {@link RuntimeOperationException}s.
 */
public final class UpstreamRuntime implements AutoCloseable {

    /** Which runtime plays. */
    public enum Mode {
        /** The upstream runtime library, NRI v0.12.5. */
        LIBRARY,
        /** The v1beta1 draft (containerd/nri PR #235): registers, configures, synchronizes, and sends Shutdown. */
        DRAFT
    }

    /**
     * What the runtime tells plugins, its limits, and how long to wait for it.
     *
     * @param runtimeName the runtime name in Configure
     * @param runtimeVersion the runtime version in Configure
     * @param requestTimeout how long a plugin may take per request
     * @param registrationTimeout how long a plugin may take to register
     * @param commandTimeout how long to wait for the runtime to carry out a command
     */
    public record Options(String runtimeName, String runtimeVersion, Duration requestTimeout,
            Duration registrationTimeout, Duration commandTimeout) {

        public Options {
            Objects.requireNonNull(runtimeName);
            Objects.requireNonNull(runtimeVersion);
            Objects.requireNonNull(requestTimeout);
            Objects.requireNonNull(registrationTimeout);
            Objects.requireNonNull(commandTimeout);
        }

        /** containerd v2.4.0 with upstream's timeouts (2 s per request, 5 s to register). */
        public static Options defaults() {
            return new Options("containerd", "v2.4.0", Duration.ofSeconds(2), Duration.ofSeconds(5),
                    Duration.ofSeconds(30));
        }

        public Options withRuntime(String name, String version) {
            return new Options(name, version, requestTimeout, registrationTimeout, commandTimeout);
        }

        public Options withRequestTimeout(Duration timeout) {
            return new Options(runtimeName, runtimeVersion, timeout, registrationTimeout, commandTimeout);
        }

        public Options withRegistrationTimeout(Duration timeout) {
            return new Options(runtimeName, runtimeVersion, requestTimeout, timeout, commandTimeout);
        }

        public Options withCommandTimeout(Duration timeout) {
            return new Options(runtimeName, runtimeVersion, requestTimeout, registrationTimeout, timeout);
        }
    }

    private final Path socket;
    private final Mode mode;
    private final Options options;
    private final BlockingQueue<List<ContainerUpdate>> updates = new LinkedBlockingQueue<>();
    private final RuntimeProcess process;

    private UpstreamRuntime(Path socket, Mode mode, Options options) {
        this.socket = socket;
        this.mode = mode;
        this.options = options;
        this.process = RuntimeProcess.launch(List.of(RuntimeBinary.locate().toString(),
                "-socket", socket.toAbsolutePath().toString(),
                "-mode", mode.name().toLowerCase(Locale.ROOT),
                "-runtime-name", options.runtimeName(),
                "-runtime-version", options.runtimeVersion(),
                "-request-timeout", goDuration(options.requestTimeout()),
                "-registration-timeout", goDuration(options.registrationTimeout())), this::notified);
    }

    /** Runs the runtime program with default options; the runtime is not started yet. */
    public static UpstreamRuntime launch(Path socket, Mode mode) {
        return launch(socket, mode, Options.defaults());
    }

    /**
     * Runs the runtime program; the runtime is not started yet.
     *
     * @param socket where plugins connect; Unix socket paths are limited to 107 bytes
     */
    public static UpstreamRuntime launch(Path socket, Mode mode, Options options) {
        return new UpstreamRuntime(socket, mode, options);
    }

    public Path socket() {
        return socket;
    }

    public Mode mode() {
        return mode;
    }

    /** Starts the runtime on the socket, or starts it again after {@link #kill()}. */
    public void start() {
        request(process.command("start"));
    }

    /** Makes the runtime go away as a crashing runtime does: connections drop, the socket goes. */
    public void kill() {
        request(process.command("kill"));
    }

    /** What the runtime reports in Synchronize from now on, to plugins of this and later starts. */
    public void setState(List<PodSandbox> pods, List<Container> containers) {
        ObjectNode command = process.command("setState");
        ArrayNode podList = command.putArray("pods");
        pods.forEach(p -> podList.add(Wire.encode(p)));
        ArrayNode containerList = command.putArray("containers");
        containers.forEach(c -> containerList.add(Wire.encode(c)));
        request(command);
    }

    /**
     * Waits until at least {@code count} plugins have completed Synchronize with the runtime since
     * it last started. Any number of callers may wait for the same count: nothing is handed out.
     *
     * @return how many plugins have synchronized since the runtime last started
     */
    public int awaitPlugins(int count, Duration timeout) {
        ObjectNode command = process.command("awaitPlugins").put("count", count)
                .put("timeoutMs", Math.max(1, timeout.toMillis()));
        return request(command, timeout.plus(options.commandTimeout())).path("plugins").asInt();
    }

    /**
     * Waits until a plugin has completed Synchronize and receives events. Each synchronization
     * is handed out once: a second call waits for the next one (see {@link #awaitPlugins} to wait
     * for a state instead, e.g. after a runtime restart).
     *
     * @return how many plugins have synchronized since the program was launched, this one included
     */
    public int awaitSynchronized(Duration timeout) {
        ObjectNode command = process.command("awaitSynchronized").put("timeoutMs", Math.max(1, timeout.toMillis()));
        return request(command, timeout.plus(options.commandTimeout())).path("synchronizations").asInt();
    }

    /**
     * Creates a container: the plugins' adjustments merged by the library (the newest plugin's
     * reply in draft mode).
     */
    public CreateContainerResponse createContainer(PodSandbox pod, Container container) {
        return result(withContainer("createContainer", pod, container), CreateContainerResponse.parser());
    }

    public UpdateContainerResponse updateContainer(PodSandbox pod, Container container, LinuxResources resources) {
        ObjectNode command = withContainer("updateContainer", pod, container).put("resources", Wire.encode(resources));
        return result(command, UpdateContainerResponse.parser());
    }

    public StopContainerResponse stopContainer(PodSandbox pod, Container container) {
        return result(withContainer("stopContainer", pod, container), StopContainerResponse.parser());
    }

    /** Updates a pod's resources to none in particular. */
    public UpdatePodSandboxResponse updatePodSandbox(PodSandbox pod) {
        return updatePodSandbox(pod, LinuxResources.getDefaultInstance());
    }

    public UpdatePodSandboxResponse updatePodSandbox(PodSandbox pod, LinuxResources resources) {
        ObjectNode command = process.command("updatePodSandbox").put("pod", Wire.encode(pod))
                .put("resources", Wire.encode(resources));
        return result(command, UpdatePodSandboxResponse.parser());
    }

    /**
     * Delivers one of the 9 notification events by its upstream name, e.g. {@code StartContainer}.
     *
     * @param container ignored, and may be null, for pod events
     */
    public void event(String name, PodSandbox pod, Container container) {
        ObjectNode command = process.command("event").put("name", name).put("pod", Wire.encode(pod));
        if (container != null) {
            command.put("container", Wire.encode(container));
        }
        request(command);
    }

    /** From now on, updates plugins send on their own fail for these containers. */
    public void setUpdateReply(Set<String> failedContainerIds) {
        ObjectNode command = process.command("setUpdateReply");
        ArrayNode ids = command.putArray("failedIds");
        failedContainerIds.forEach(ids::add);
        request(command);
    }

    /** The updates of the next UpdateContainers request a plugin sent on its own, in order. */
    public List<ContainerUpdate> awaitUpdates(Duration timeout) {
        try {
            List<ContainerUpdate> next = updates.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (next == null) {
                throw process.failure("no plugin sent UpdateContainers within " + timeout, null);
            }
            return next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw process.failure("interrupted while waiting for UpdateContainers", e);
        }
    }

    /** The ttrpc calls between the runtime and plugins since the runtime last started (library mode). */
    public List<RecordedCall> calls() {
        List<RecordedCall> calls = new ArrayList<>();
        for (JsonNode call : request(process.command("calls")).path("calls")) {
            calls.add(new RecordedCall(call.path("method").asString(), call.path("toPlugin").asBoolean(),
                    Optional.ofNullable(call.get("error")).map(JsonNode::asString)));
        }
        return calls;
    }

    /**
     * Sends Shutdown with a reason to every connected plugin and closes each connection a second
     * after its call returned, as the draft runtime does (draft mode). Returns once every call
     * has returned.
     *
     * @return how many plugins were told
     */
    public int shutdown(String reason) {
        return request(process.command("shutdown").put("reason", reason)).path("plugins").asInt();
    }

    /** The last lines the runtime logged. */
    public String recentLog() {
        return process.log();
    }

    /** Stops the runtime and its program. */
    @Override
    public void close() {
        process.close();
    }

    // ---------------------------------------------------------------------------------------------

    private ObjectNode withContainer(String op, PodSandbox pod, Container container) {
        return process.command(op).put("pod", Wire.encode(pod)).put("container", Wire.encode(container));
    }

    /** Carries out a command whose answer is a protobuf message. */
    private <M> M result(ObjectNode command, Parser<M> parser) {
        return Wire.decode(request(command).path("result").asString(), parser);
    }

    private JsonNode request(ObjectNode command) {
        return request(command, options.commandTimeout());
    }

    private JsonNode request(ObjectNode command, Duration timeout) {
        JsonNode response = process.call(command, timeout);
        if (response.path("ok").asBoolean(false)) {
            return response;
        }
        String op = command.path("op").asString();
        String error = response.path("error").asString("(no error text)");
        if (response.path("operationError").asBoolean(false)) {
            throw new RuntimeOperationException(op, error, process.log());
        }
        throw process.failure("the runtime could not " + op + ": " + error, null);
    }

    private void notified(JsonNode notification) {
        if (notification.path("event").asString().equals("updates")) {
            List<ContainerUpdate> list = new ArrayList<>();
            for (JsonNode u : notification.path("updates")) {
                list.add(Wire.decode(u.asString(), ContainerUpdate.parser()));
            }
            updates.add(List.copyOf(list));
        }
    }

    private static String goDuration(Duration d) {
        return d.toNanos() + "ns";
    }
}
