package io.nri4j.conformance;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.stub.Disconnect;
import io.nri4j.stub.Enforcement;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RegistrationException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A plugin built on nri-core for the conformance harness: it handles the events given with
 * {@code --events}, reports everything it sees as JSON lines, and behaves as pod annotations
 * tell it to (see {@link Behaviours}). Exit codes: 0 after the connection ended, 2 for an
 * invalid identity or option, 3 when registration failed.
 */
public final class ConformancePlugin {

    private ConformancePlugin() {
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println("conformance plugin: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (options.checkIdentityOnly()) {
            checkIdentities();
            return;
        }
        Reporter reporter = Reporter.to(options.report());
        NriPlugin plugin;
        try {
            plugin = build(options, reporter);
        } catch (IllegalArgumentException e) {
            System.err.println("conformance plugin: " + e.getMessage());
            reporter.line("exit", "invalid").put("message", e.getMessage()).send();
            System.exit(2);
            return;
        }
        if (options.rollout() != null) {
            serveUntilTerminated(plugin, reporter);
            return;
        }
        try {
            Disconnect disconnect = plugin.run();
            reporter.line("exit", "disconnected").put("reason", disconnect.reason()).send();
            System.exit(0);
        } catch (RegistrationException e) {
            System.err.println("conformance plugin: " + e.getMessage());
            reporter.line("exit", "registration-failed").put("message", e.getMessage()).send();
            System.exit(3);
        }
    }

    /** As a DaemonSet's container: SIGTERM stops it gracefully (requests in progress are answered). */
    private static void serveUntilTerminated(NriPlugin plugin, Reporter reporter) throws InterruptedException {
        NriStub stub = plugin.connect();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            reporter.line("exit", "terminated").send();
            stub.shutdownGracefully(Duration.ofSeconds(5)).toCompletableFuture().join();
        }));
        Disconnect disconnect = stub.awaitClose();
        reporter.line("exit", "disconnected").put("reason", disconnect.reason()).send();
    }

    private static NriPlugin build(Options o, Reporter reporter) {
        if (o.rollout() != null) {
            Rollout rollout = new Rollout(o.rollout());
            NriPlugin.Builder b = NriPlugin.builder().name(o.name()).index(o.index()).version("rollout")
                    .instancesDirectory(o.instancesDir()).listener(e -> report(reporter, e))
                    .enforcement(Enforcement.OFF);
            if (o.socket() != null) {
                b.socketPath(o.socket());
            }
            NriPlugin plugin = rollout.handlers(b).build();
            rollout.built(plugin);
            return plugin;
        }
        // The protocol's fixture answers exactly what each case asks, and subscribes to exactly
        // its handlers: enforcement's marker and its PostStartContainer would be in the way.
        // Enforcement is proven against real runtimes (verification/e2e) and in nri-core's tests.
        NriPlugin.Builder b = NriPlugin.builder().name(o.name()).index(o.index())
                .enforcement(Enforcement.OFF)
                .failurePolicy(o.failurePolicy())
                .handlerBudget(o.budget())
                .listener(e -> report(reporter, e));
        if (o.socket() != null) {
            b.socketPath(o.socket());
        }
        // The handlers need the identity before build() resolves it; same rule, same environment,
        // same IllegalArgumentException for a missing or invalid one.
        Behaviours h = new Behaviours(reporter, PluginIdentity.resolve(o.name(), o.index(), System.getenv()));
        EventMask m = o.events();
        b.onSynchronize(h::synchronize);
        b.onShutdown((req, ctx) -> reporter.line("handler", "Shutdown").put("reason", req.getReason()).send());
        on(m, Event.RUN_POD_SANDBOX, b::onRunPodSandbox, (req, ctx) -> h.observePod(req, ctx, req.getPod()));
        on(m, Event.UPDATE_POD_SANDBOX, b::onUpdatePodSandbox, (req, ctx) -> h.observePod(req, ctx, req.getPod()));
        on(m, Event.POST_UPDATE_POD_SANDBOX, b::onPostUpdatePodSandbox,
                (req, ctx) -> h.observePod(req, ctx, req.getPod()));
        on(m, Event.STOP_POD_SANDBOX, b::onStopPodSandbox, (req, ctx) -> h.observePod(req, ctx, req.getPod()));
        on(m, Event.REMOVE_POD_SANDBOX, b::onRemovePodSandbox, (req, ctx) -> h.observePod(req, ctx, req.getPod()));
        on(m, Event.CREATE_CONTAINER, b::onCreateContainer, h::createContainer);
        on(m, Event.POST_CREATE_CONTAINER, b::onPostCreateContainer,
                (req, ctx) -> h.observe(req, ctx, req.getPod(), req.getContainer()));
        on(m, Event.START_CONTAINER, b::onStartContainer,
                (req, ctx) -> h.observe(req, ctx, req.getPod(), req.getContainer()));
        on(m, Event.POST_START_CONTAINER, b::onPostStartContainer,
                (req, ctx) -> h.observe(req, ctx, req.getPod(), req.getContainer()));
        on(m, Event.UPDATE_CONTAINER, b::onUpdateContainer, h::updateContainer);
        on(m, Event.POST_UPDATE_CONTAINER, b::onPostUpdateContainer,
                (req, ctx) -> h.observe(req, ctx, req.getPod(), req.getContainer()));
        on(m, Event.STOP_CONTAINER, b::onStopContainer, h::stopContainer);
        on(m, Event.REMOVE_CONTAINER, b::onRemoveContainer,
                (req, ctx) -> h.observe(req, ctx, req.getPod(), req.getContainer()));
        on(m, Event.VALIDATE_CONTAINER_ADJUSTMENT, b::onValidateContainerAdjustment, h::validate);
        return b.build();
    }

    /**
     * Registers {@code handler} only for events in {@code --events}: the stub runs every handler
     * it has, subscribed or not, so a subscription alone would not keep the others quiet.
     */
    private static <H> void on(EventMask events, Event event, Consumer<H> register, H handler) {
        if (events.contains(event)) {
            register.accept(handler);
        }
    }

    private static void report(Reporter reporter, NriEvent event) {
        Reporter.Line line = reporter.line("stub", event.getClass().getSimpleName());
        if (event instanceof NriEvent.Connected c) {
            line.put("target", c.target());
        } else if (event instanceof NriEvent.Registered r) {
            line.put("identity", r.identity().fullName());
        } else if (event instanceof NriEvent.Configured c) {
            line.put("runtime", c.runtime().name()).put("runtimeVersion", c.runtime().version())
                    .put("reportedNriVersion", c.runtime().reportedNriVersion())
                    .put("nriVersion", c.runtime().nriVersion().map(Object::toString).orElse(""))
                    .put("inferred", c.runtime().nriVersionInferred())
                    .put("assumedNriVersion", c.runtime().assumedNriVersion().map(Object::toString).orElse(""))
                    .put("registrationTimeoutMs", c.runtime().registrationTimeout().toMillis())
                    .put("requestTimeoutMs", c.runtime().requestTimeout().toMillis())
                    .put("config", c.runtime().config())
                    .put("subscribed", c.subscribed().bits());
        } else if (event instanceof NriEvent.Synchronized s) {
            line.put("pods", s.pods()).put("containers", s.containers());
        } else if (event instanceof NriEvent.ShutdownRequested s) {
            line.put("reason", s.reason());
        } else if (event instanceof NriEvent.Disconnected d) {
            line.put("reason", d.disconnect().reason()).put("local", d.disconnect().local())
                    .put("shutdownReason", d.disconnect().shutdownReason().orElse(""));
        }
        line.send();
    }

    /** Reads "name index" lines and prints "ok" or "invalid: message" for each. */
    private static void checkIdentities() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.split("\t", -1);
            try {
                new PluginIdentity(parts[0], parts[1]);
                System.out.println("ok");
            } catch (IllegalArgumentException e) {
                System.out.println("invalid: " + e.getMessage());
            }
        }
        System.out.flush();
    }
}
