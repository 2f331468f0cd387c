package io.nri4j.spring.lifecycle;

import io.nri4j.stub.EventMask;
import io.nri4j.stub.NriEvent;
import io.nri4j.stub.NriStub;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import io.nri4j.stub.RuntimeInfo;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the application knows about its connection to the runtime, for health, metrics and
 * unsolicited updates. Updated from stub events; safe to read from any thread.
 */
public final class ConnectionState implements RequestObserver {

    /** Where the plugin is. */
    public enum Status {
        /** Not started, or stopped. */
        STOPPED,
        /** Opening the socket or registering. */
        CONNECTING,
        REGISTERED,
        /** Configured and synchronized: events arrive. */
        READY,
        /** Lost the runtime; waiting to try again. */
        RECONNECTING
    }

    /** How many of the latest connection steps {@link #history()} keeps. */
    public static final int HISTORY = 20;

    private final Clock clock;
    private final AtomicLong reconnects = new AtomicLong();
    private volatile Status status = Status.STOPPED;
    private volatile NriStub stub;
    private volatile RuntimeInfo runtime;
    private volatile EventMask subscribed = EventMask.NONE;
    private volatile EventMask wanted = EventMask.NONE;
    private volatile EventMask leftOut = EventMask.NONE;
    private volatile Instant connectedSince;
    private volatile Instant lastRequest;
    private volatile Instant unavailableSince;
    private volatile String lastDisconnect;

    private final EscapeTally escapes = new EscapeTally();
    /** Rare (a few per connection): a lock is cheap here. */
    private final Deque<ConnectionEvent> history = new ArrayDeque<>();

    public ConnectionState(Clock clock) {
        this.clock = clock;
        this.unavailableSince = clock.instant();
    }

    /** Before a connection attempt: its milestones may arrive as soon as it starts. */
    void connecting() {
        this.status = Status.CONNECTING;
    }

    void attach(NriStub stub) {
        this.stub = stub;
    }

    void on(NriEvent event) {
        if (event instanceof NriEvent.Connected c) {
            connectedSince = clock.instant();
            remember("connected", c.target());
        } else if (event instanceof NriEvent.Registered r) {
            status = Status.REGISTERED;
            remember("registered", r.identity().fullName());
        } else if (event instanceof NriEvent.Configured c) {
            runtime = c.runtime();
            subscribed = c.subscribed();
            wanted = c.wanted();
            leftOut = c.leftOut();
            remember("configured", c.runtime().name() + " " + c.runtime().version() + "; subscribed to "
                    + c.subscribed());
        } else if (event instanceof NriEvent.Synchronized s) {
            status = Status.READY;
            unavailableSince = null;
            remember("synchronized", s.pods() + " pods, " + s.containers() + " containers");
        } else if (event instanceof NriEvent.ContainerEscaped e) {
            escapes.add(e.escaped());
        } else if (event instanceof NriEvent.AdjustmentFieldsIgnored i) {
            escapes.olderRuntime(i.containerId(), i.fields());
        }
    }

    void disconnected(String reason, boolean reconnecting) {
        lastDisconnect = reason;
        remember("disconnected", reason);
        connectedSince = null;
        if (unavailableSince == null) {
            unavailableSince = clock.instant();
        }
        if (reconnecting) {
            // Count lost connections, not the attempts it takes to get one back.
            if (status == Status.READY || status == Status.REGISTERED) {
                reconnects.incrementAndGet();
            }
            status = Status.RECONNECTING;
        } else {
            status = Status.STOPPED;
        }
    }

    void stopped() {
        status = Status.STOPPED;
    }

    /** Notes when the runtime last got an answer. */
    @Override
    public void completed(RequestOutcome outcome) {
        lastRequest = clock.instant();
    }

    public Status status() {
        return status;
    }

    /** Registered, configured, synchronized and connected. */
    public boolean ready() {
        return status == Status.READY;
    }

    public Optional<NriStub> stub() {
        return Optional.ofNullable(stub);
    }

    public Optional<RuntimeInfo> runtime() {
        return Optional.ofNullable(runtime);
    }

    public EventMask subscribed() {
        return subscribed;
    }

    /**
     * The events the plugin wanted in its last Configure: its subscription, or what its Configure
     * handler narrowed it to; empty before.
     */
    public EventMask wanted() {
        return wanted;
    }

    /** The wanted events left out of the last Configure: the runtime's NRI version lacks them. */
    public EventMask leftOut() {
        return leftOut;
    }

    /** The latest steps of the connections to the runtime, oldest first; at most {@link #HISTORY}. */
    public List<ConnectionEvent> history() {
        synchronized (history) {
            return List.copyOf(history);
        }
    }

    private void remember(String event, String detail) {
        ConnectionEvent step = new ConnectionEvent(clock.instant(), event, detail);
        synchronized (history) {
            if (history.size() == HISTORY) {
                history.removeFirst();
            }
            history.addLast(step);
        }
    }

    public Optional<Instant> connectedSince() {
        return Optional.ofNullable(connectedSince);
    }

    public Optional<Instant> lastRequest() {
        return Optional.ofNullable(lastRequest);
    }

    public Optional<String> lastDisconnect() {
        return Optional.ofNullable(lastDisconnect);
    }

    /** How long the plugin has been without a usable connection; zero while ready. */
    public Duration unavailableFor() {
        Instant since = unavailableSince;
        return since == null ? Duration.ZERO : Duration.between(since, clock.instant());
    }

    /** The containers reported as escaped since the application started. */
    public EscapeTally escapes() {
        return escapes;
    }

    /** How often an established connection was lost (and the plugin connected again). */
    public long reconnects() {
        return reconnects.get();
    }
}
