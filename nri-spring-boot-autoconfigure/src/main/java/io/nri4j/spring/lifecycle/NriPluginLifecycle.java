package io.nri4j.spring.lifecycle;

import io.nri4j.stub.Disconnect;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.RegistrationException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the plugin for as long as the application runs. Starts once every singleton, handler
 * beans included, exists; keeps one connection to the runtime from a non-daemon thread (which
 * also keeps a plugin application without a web server alive); reconnects with backoff; stops
 * gracefully before the handler beans are destroyed.
 *
 * <p>A Shutdown from the runtime whose reason is one of the exit reasons ("other plugin instance
 * registered": a newer instance replaced this one) ends the application with the exit code
 * instead of reconnecting.
 */
public final class NriPluginLifecycle implements SmartLifecycle, ApplicationListener<AvailabilityChangeEvent<?>> {

    private static final Logger log = LoggerFactory.getLogger(NriPluginLifecycle.class);

    /** Before the web server's graceful shutdown: health stays served while the plugin drains. */
    public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 512;

    private final Function<Consumer<NriEvent>, NriPlugin> plugins;
    private final LifecycleSettings settings;
    private final ConnectionState state;
    private final ApplicationEventPublisher events;
    private final NriExit exit;
    private volatile boolean running;
    private volatile CountDownLatch stopping = new CountDownLatch(1);
    private volatile boolean livenessBroken;
    private Thread connector;

    /**
     * @param plugins builds the plugin, given the listener it must report its milestones to;
     *     null when there is nothing to connect
     */
    public NriPluginLifecycle(Function<Consumer<NriEvent>, NriPlugin> plugins,
            LifecycleSettings settings, ConnectionState state, ApplicationEventPublisher events, NriExit exit) {
        this.plugins = plugins;
        this.settings = settings;
        this.state = state;
        this.events = events;
        this.exit = exit;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        NriPlugin plugin = plugins.apply(this::onNriEvent);
        if (plugin == null) {
            // Nothing to connect (no handler methods): the factory said why; stay stopped.
            return;
        }
        running = true;
        stopping = new CountDownLatch(1);
        connector = new Thread(() -> connectLoop(plugin), "nri-connector");
        connector.setDaemon(false);
        connector.start();
    }

    @Override
    public void stop(Runnable callback) {
        NriStub stub;
        synchronized (this) {
            running = false;
            stopping.countDown();
            stub = state.stub().orElse(null);
        }
        if (stub == null) {
            state.stopped();
            callback.run();
            return;
        }
        stub.shutdownGracefully(settings.grace()).whenComplete((disconnect, error) -> {
            state.stopped();
            callback.run();
        });
    }

    @Override
    public void stop() {
        stop(() -> { });
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    private void connectLoop(NriPlugin plugin) {
        Backoff backoff = new Backoff(settings.initialBackoff(), settings.maxBackoff(), settings.multiplier());
        while (running) {
            state.connecting();
            NriStub stub = plugin.connect();
            state.attach(stub);
            Disconnect disconnect;
            try {
                stub.awaitRegistration();
                disconnect = stub.awaitClose();
            } catch (RegistrationException e) {
                // The disconnect that follows says why, in the one line this attempt logs.
                disconnect = await(stub);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stub.close();
                return;
            }
            boolean wasReady = state.ready();
            if (!running) {
                return;
            }
            String reason = disconnect.shutdownReason().orElse(null);
            if (reason != null && settings.exitReasons().contains(reason)) {
                log.info("NRI plugin {} was shut down by the runtime ({}); exiting with code {}",
                        plugin.identity().fullName(), reason, settings.exitCode());
                state.disconnected(disconnect.reason(), false);
                running = false;
                exit.exit(settings.exitCode(), reason);
                return;
            }
            if (!settings.reconnect()) {
                log.error("NRI plugin {} lost the runtime ({}) and reconnecting is off; exiting with code 1",
                        plugin.identity().fullName(), disconnect.reason());
                state.disconnected(disconnect.reason(), false);
                running = false;
                exit.exit(1, disconnect.reason());
                return;
            }
            state.disconnected(disconnect.reason(), true);
            if (wasReady) {
                backoff.reset();
            }
            Duration delay = backoff.next();
            if (wasReady) {
                log.info("NRI plugin {}: {}; connecting again in {} ms", plugin.identity().fullName(),
                        disconnect.reason(), delay.toMillis());
            } else {
                log.warn("NRI plugin {}: {}; connecting again in {} ms", plugin.identity().fullName(),
                        disconnect.reason(), delay.toMillis());
            }
            if (!pause(delay)) {
                return;
            }
        }
    }

    /** Waits out the backoff, reporting the application broken once the window is exceeded. */
    private boolean pause(Duration delay) {
        long deadline = System.nanoTime() + delay.toNanos();
        try {
            while (true) {
                checkLiveness();
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return running;
                }
                long untilBroken = settings.livenessWindow().minus(state.unavailableFor()).toNanos();
                long wait = livenessBroken || untilBroken <= 0 ? left : Math.min(left, untilBroken + 1);
                if (stopping.await(wait, TimeUnit.NANOSECONDS)) {
                    return false;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void checkLiveness() {
        if (!livenessBroken && state.unavailableFor().compareTo(settings.livenessWindow()) > 0) {
            livenessBroken = true;
            log.error("NRI plugin has had no usable connection to the runtime for {} s;"
                    + " reporting the application broken", state.unavailableFor().toSeconds());
            AvailabilityChangeEvent.publish(events, this, LivenessState.BROKEN);
        }
    }

    private static Disconnect await(NriStub stub) {
        try {
            return stub.awaitClose();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Disconnect("interrupted", Optional.empty(), Optional.of(e), true);
        }
    }

    /**
     * Someone else reported the application live: Spring Boot does so once it has started, which
     * on a slow node can be after this plugin's window without a runtime ran out. Forget that it
     * was reported broken, so that the next check reports it again while there is no runtime.
     */
    @Override
    public void onApplicationEvent(AvailabilityChangeEvent<?> event) {
        if (event.getState() == LivenessState.CORRECT && event.getSource() != this) {
            livenessBroken = false;
        }
    }

    /** On the plugin's executor: keeps the state and publishes the milestone as a Spring event. */
    private void onNriEvent(NriEvent event) {
        state.on(event);
        if (event instanceof NriEvent.Synchronized && livenessBroken) {
            livenessBroken = false;
            AvailabilityChangeEvent.publish(events, this, LivenessState.CORRECT);
        }
        events.publishEvent(event);
    }
}
