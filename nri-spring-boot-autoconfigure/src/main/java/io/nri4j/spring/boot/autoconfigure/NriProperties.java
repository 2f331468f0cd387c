package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.stub.HandlerBudget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Configuration of the application's NRI plugin. */
@ConfigurationProperties("nri")
public class NriProperties {

    /** Whether the application connects to the container runtime as an NRI plugin. */
    private boolean enabled = true;

    /**
     * The runtime's NRI socket. Ignored when the runtime launched the plugin and passed a socket
     * in NRI_PLUGIN_SOCKET.
     */
    private Path socketPath = Path.of("/var/run/nri/nri.sock");

    /**
     * Events to subscribe to, by upstream name, comma separated (e.g. "createcontainer,stopcontainer",
     * "pod", "container"). Empty subscribes to every event with a handler method.
     */
    private String events = "";

    /** How long to wait for the runtime to accept the plugin's registration. */
    private Duration registrationTimeout = Duration.ofSeconds(5);

    private final Plugin plugin = new Plugin();

    private final Reconnect reconnect = new Reconnect();

    private final Shutdown shutdown = new Shutdown();

    private final Handler handler = new Handler();

    private final Health health = new Health();

    private final State state = new State();

    private final FailurePolicy failurePolicy = new FailurePolicy();

    private final Instances instances = new Instances();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Path getSocketPath() {
        return socketPath;
    }

    public void setSocketPath(Path socketPath) {
        this.socketPath = socketPath;
    }

    public String getEvents() {
        return events;
    }

    public void setEvents(String events) {
        this.events = events;
    }

    public Duration getRegistrationTimeout() {
        return registrationTimeout;
    }

    public void setRegistrationTimeout(Duration registrationTimeout) {
        this.registrationTimeout = registrationTimeout;
    }

    public Plugin getPlugin() {
        return plugin;
    }

    public Reconnect getReconnect() {
        return reconnect;
    }

    public Shutdown getShutdown() {
        return shutdown;
    }

    public Handler getHandler() {
        return handler;
    }

    public Health getHealth() {
        return health;
    }

    public State getState() {
        return state;
    }

    public FailurePolicy getFailurePolicy() {
        return failurePolicy;
    }

    public Instances getInstances() {
        return instances;
    }

    /**
     * Instances of this plugin connected to the runtime at the same time, as during a rolling
     * update with surge: each request is handled by exactly one of them.
     */
    public static class Instances {

        /** Whether instances agree which of them handles each request. */
        private boolean enabled = true;

        /**
         * Where they agree: a directory every instance on the node shares (a hostPath in a
         * DaemonSet), writable by the plugin. Unusable, the plugin runs as if alone and says so.
         */
        private Path directory = Path.of("/var/run/nri4j");

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Path getDirectory() {
            return directory;
        }

        public void setDirectory(Path directory) {
            this.directory = directory;
        }
    }

    /** The plugin's identity; the runtime orders plugins by index, then name. */
    public static class Plugin {

        /**
         * The plugin's name: letters, digits and '-', '_', '.', '+'. Defaults to the
         * NRI_PLUGIN_NAME environment variable, which runtimes set for plugins they launch.
         */
        private String name;

        /**
         * Two digits, "00" to "99": where the plugin runs among others. Defaults to the
         * NRI_PLUGIN_IDX environment variable.
         */
        private String index;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getIndex() {
            return index;
        }

        public void setIndex(String index) {
            this.index = index;
        }
    }

    /** Connecting again after the runtime went away (restart, crash). */
    public static class Reconnect {

        /** Whether to connect again after losing the runtime; if not, the application exits with code 1. */
        private boolean enabled = true;

        /** Wait before the first new attempt. */
        private Duration initialBackoff = Duration.ofMillis(500);

        /** Longest wait between attempts. */
        private Duration maxBackoff = Duration.ofSeconds(30);

        /** Factor by which the wait grows after each failed attempt. */
        private double multiplier = 2.0;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getInitialBackoff() {
            return initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public Duration getMaxBackoff() {
            return maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }

        public double getMultiplier() {
            return multiplier;
        }

        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }
    }

    /** What a Shutdown request from the runtime leads to. */
    public static class Shutdown {

        /**
         * Shutdown reasons after which the application exits instead of reconnecting. By default,
         * the reason a runtime gives when a newer instance of the plugin replaced this one.
         */
        private List<String> exitReasons = new ArrayList<>(List.of("other plugin instance registered"));

        /** The application's exit code after such a Shutdown. */
        private int exitCode = 0;

        public List<String> getExitReasons() {
            return exitReasons;
        }

        public void setExitReasons(List<String> exitReasons) {
            this.exitReasons = exitReasons;
        }

        public int getExitCode() {
            return exitCode;
        }

        public void setExitCode(int exitCode) {
            this.exitCode = exitCode;
        }
    }

    /** How handler methods run. */
    public static class Handler {

        /** Threads that run handler methods. */
        private int threads = 4;

        private final Budget budget = new Budget();

        public int getThreads() {
            return threads;
        }

        public void setThreads(int threads) {
            this.threads = threads;
        }

        public Budget getBudget() {
            return budget;
        }
    }

    /** Answering before the runtime's deadline, so that a slow handler does not get the plugin disconnected. */
    public static class Budget {

        /** Whether handlers still running at the budget are answered by the overrun policy. */
        private boolean enabled = true;

        /** Share of each request's deadline a handler may use, above 0 and below 1. */
        private double fraction = 0.8;

        /** What to answer at the budget: an empty result (no changes) or an error for the runtime. */
        private HandlerBudget.OverrunPolicy overrun = HandlerBudget.OverrunPolicy.EMPTY_RESULT;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public double getFraction() {
            return fraction;
        }

        public void setFraction(double fraction) {
            this.fraction = fraction;
        }

        public HandlerBudget.OverrunPolicy getOverrun() {
            return overrun;
        }

        public void setOverrun(HandlerBudget.OverrunPolicy overrun) {
            this.overrun = overrun;
        }
    }

    /** Health of the plugin. */
    public static class Health {

        /**
         * How long the plugin may be without a usable connection to the runtime before the
         * application's liveness turns DOWN (and Kubernetes restarts it).
         */
        private Duration livenessWindow = Duration.ofMinutes(2);

        public Duration getLivenessWindow() {
            return livenessWindow;
        }

        public void setLivenessWindow(Duration livenessWindow) {
            this.livenessWindow = livenessWindow;
        }
    }

    /** The framework-kept view of pods and containers. */
    public static class State {

        /** Whether to keep a view of the node's pods and containers (an NriStateView bean). */
        private boolean enabled = false;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** How the runtime treats this plugin's timeouts (NRI v0.12.5 and later; older runtimes ignore it). */
    public static class FailurePolicy {

        /** Whether the runtime fails a request the plugin did not answer in time, instead of going on without it. */
        private Boolean failRequest;

        /** Whether the runtime keeps the plugin connected after a timeout, instead of disconnecting it. */
        private Boolean keepConnected;

        public Boolean getFailRequest() {
            return failRequest;
        }

        public void setFailRequest(Boolean failRequest) {
            this.failRequest = failRequest;
        }

        public Boolean getKeepConnected() {
            return keepConnected;
        }

        public void setKeepConnected(Boolean keepConnected) {
            this.keepConnected = keepConnected;
        }
    }
}
