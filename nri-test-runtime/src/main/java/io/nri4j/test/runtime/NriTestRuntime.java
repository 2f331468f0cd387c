package io.nri4j.test.runtime;

import com.google.protobuf.TextFormat;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.NriStub;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The upstream NRI runtime library, as containerd embeds it, on a socket of its own for a
 * plugin's tests: pods and containers go through the 13 lifecycle events, and the test reads
 * what the runtime made of the plugins' answers (adjustments, updates, evictions, rejections).
 *
 * <p>Every operation first waits until a plugin has synchronized with the runtime (up to
 * {@link #AWAIT_TIMEOUT}), so a test never waits itself and any number of tests may share one
 * runtime. Operations that fail as they would in containerd throw
 * {@link RuntimeOperationException} with the runtime's own error text.
 *
 * <p>Get one from {@code @EmbeddedNriRuntime} (nri-spring-boot-test), from
 * {@link NriRuntimeExtension}, or with {@link #start()}.
 */
public final class NriTestRuntime implements AutoCloseable {

    /** How long an operation waits for a plugin to synchronize. */
    public static final Duration AWAIT_TIMEOUT = Duration.ofSeconds(30);

    private final Path dir;
    private final UpstreamRuntime runtime;
    private final List<NriStub> plugins = new CopyOnWriteArrayList<>();

    private NriTestRuntime(Path dir, UpstreamRuntime runtime) {
        this.dir = dir;
        this.runtime = runtime;
    }

    /** Starts a runtime that reports itself as containerd v2.4.0, with upstream's timeouts. */
    public static NriTestRuntime start() {
        return start(UpstreamRuntime.Options.defaults());
    }

    /** Starts a runtime with these options on a new socket in a temporary directory. */
    public static NriTestRuntime start(UpstreamRuntime.Options options) {
        Path dir;
        try {
            dir = Files.createTempDirectory("nri-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        UpstreamRuntime runtime =
                UpstreamRuntime.launch(dir.resolve("nri.sock"), UpstreamRuntime.Mode.LIBRARY, options);
        try {
            runtime.start();
        } catch (RuntimeException e) {
            runtime.close();
            throw e;
        }
        return new NriTestRuntime(dir, runtime);
    }

    /** Where plugins connect: the value for {@code nri.socket-path} or {@code NriPlugin.Builder.socketPath}. */
    public Path socket() {
        return runtime.socket();
    }

    /** The runtime itself, for what this class does not offer: restarts, Synchronize state, recorded calls. */
    public UpstreamRuntime upstream() {
        return runtime;
    }

    /**
     * Connects a plain nri-core plugin to this runtime: its socket is this one, and its
     * environment empty (so that no {@code NRI_PLUGIN_*} variable of the test's process applies).
     * The plugin is closed with the runtime.
     */
    public NriStub connect(NriPlugin.Builder plugin) {
        NriStub stub = plugin.socketPath(socket()).environment(Map.of()).build().connect();
        plugins.add(stub);
        return stub;
    }

    /** Waits until {@code count} plugins have synchronized since the runtime last started. */
    public void awaitPlugins(int count) {
        try {
            runtime.awaitPlugins(count, AWAIT_TIMEOUT);
        } catch (UpstreamRuntimeException e) {
            throw new AssertionError("no plugin is ready: " + e.getMessage().lines().findFirst().orElse("")
                    + ". Is the plugin pointed at " + socket() + " (nri.socket-path), is nri.enabled true, and has it "
                    + "at least one handler? The runtime's log:\n" + e.runtimeLog(), e);
        }
    }

    // Pods --------------------------------------------------------------------------------------

    public void runPodSandbox(PodSandbox pod) {
        event("RunPodSandbox", pod, null);
    }

    public UpdatePodSandboxResponse updatePodSandbox(PodSandbox pod, LinuxResources resources) {
        awaitPlugins(1);
        return runtime.updatePodSandbox(pod, resources);
    }

    public void postUpdatePodSandbox(PodSandbox pod) {
        event("PostUpdatePodSandbox", pod, null);
    }

    public void stopPodSandbox(PodSandbox pod) {
        event("StopPodSandbox", pod, null);
    }

    public void removePodSandbox(PodSandbox pod) {
        event("RemovePodSandbox", pod, null);
    }

    // Containers --------------------------------------------------------------------------------

    /** CreateContainer: the plugins' adjustments, updates and evictions as the runtime merged them. */
    public CreateContainerResponse createContainer(PodSandbox pod, Container container) {
        awaitPlugins(1);
        return runtime.createContainer(pod, container);
    }

    /**
     * CreateContainer that a plugin is expected to refuse (a validator's rejection, a handler's
     * error): the runtime's error text.
     *
     * @throws AssertionError if the runtime created the container
     */
    public String createContainerRefused(PodSandbox pod, Container container) {
        try {
            CreateContainerResponse created = createContainer(pod, container);
            throw new AssertionError("expected the plugins to refuse container " + pod.getNamespace() + "/"
                    + pod.getName() + "/" + container.getName() + ", but the runtime created it with adjustment "
                    + TextFormat.shortDebugString(created.getAdjust()));
        } catch (RuntimeOperationException e) {
            return e.error();
        }
    }

    /** CreateContainer, PostCreateContainer, StartContainer and PostStartContainer: a container that runs. */
    public CreateContainerResponse runContainer(PodSandbox pod, Container container) {
        CreateContainerResponse created = createContainer(pod, container);
        postCreateContainer(pod, container);
        startContainer(pod, container);
        postStartContainer(pod, container);
        return created;
    }

    public void postCreateContainer(PodSandbox pod, Container container) {
        event("PostCreateContainer", pod, container);
    }

    public void startContainer(PodSandbox pod, Container container) {
        event("StartContainer", pod, container);
    }

    public void postStartContainer(PodSandbox pod, Container container) {
        event("PostStartContainer", pod, container);
    }

    public UpdateContainerResponse updateContainer(PodSandbox pod, Container container, LinuxResources resources) {
        awaitPlugins(1);
        return runtime.updateContainer(pod, container, resources);
    }

    public void postUpdateContainer(PodSandbox pod, Container container) {
        event("PostUpdateContainer", pod, container);
    }

    public StopContainerResponse stopContainer(PodSandbox pod, Container container) {
        awaitPlugins(1);
        return runtime.stopContainer(pod, container);
    }

    public void removeContainer(PodSandbox pod, Container container) {
        event("RemoveContainer", pod, container);
    }

    /** The next updates a plugin sent on its own (UpdateContainers), waiting up to {@link #AWAIT_TIMEOUT}. */
    public List<ContainerUpdate> awaitUpdates() {
        return runtime.awaitUpdates(AWAIT_TIMEOUT);
    }

    /** Closes the plugins connected with {@link #connect}, then stops the runtime and removes its socket. */
    @Override
    public void close() {
        plugins.forEach(NriStub::close);
        plugins.clear();
        runtime.close();
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A temporary directory left behind is no failure of the test.
        }
    }

    private void event(String name, PodSandbox pod, Container container) {
        awaitPlugins(1);
        runtime.event(name, pod, container);
    }
}
