package io.nri4j.internal.mux;

import io.netty.channel.Channel;
import io.nri4j.internal.ttrpc.SlackTimer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a trunk on the threads that run its requests (leader and followers), so that no request
 * waits for a thread to wake up: the thread that reads a request (the leader) runs it, as an
 * event loop handing it to a handler thread could not (docs/benchmarks.md, "Leader and
 * followers"). While it runs one request nobody reads, unless the request runs longer than
 * {@code handOnAfter} (give or take {@link SlackTimer#SLACK}), or an answer from the runtime is
 * awaited meanwhile ({@link #ensureReading}): then an idle thread, or a new one, takes the reading
 * over. Several requests read at once are run by as many threads. The event loop keeps the
 * writes it is given, the timers of the plugin's own calls and the channel's close; it reads
 * nothing.
 *
 * <p>As the server endpoint's executor it runs what decoding accepted, at most {@code handlers}
 * at once, in arrival order, on at most one thread more than that, so reading can always go on.
 * Where the socket cannot be read this way (not an epoll channel, Netty's wait not reachable) the
 * event loop reads as before and requests go to {@code fallback}. Any thread; its threads are made
 * by {@code threadFactory}, end after a minute idle, and all end with the channel.
 */
public final class TrunkReader implements Executor {

    private static final Logger log = LoggerFactory.getLogger(TrunkReader.class);
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** How long a request runs before another thread takes over reading, as nri4j's plugins have it. */
    public static final Duration HAND_ON_AFTER = Duration.ofMillis(1);

    private final Channel trunk;
    private final Executor fallback;
    private final ThreadFactory threadFactory;
    private final int handlers;
    private final long handOnAfterNanos;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by lock: requests accepted and not started, in arrival order. */
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    /** Guarded by lock. */
    private final Followers followers = new Followers();
    /** Set on the event loop before any thread of this reader starts. */
    private volatile ReadLoop loop;
    /** Guarded by lock. */
    private int threads;
    private int running;
    private boolean leading;
    private boolean absent; // the leader runs a request, nobody reading meanwhile
    /** Counts the leader's absences, so that a late watchdog cannot end a later one. */
    private long turns;
    private boolean released;
    private volatile boolean active;
    private volatile boolean closed;
    /** The thread decoding right now, whose accepted requests are its own to run. */
    private volatile Thread leader;

    public TrunkReader(Channel trunk, Executor fallback, ThreadFactory threadFactory, int handlers,
            Duration handOnAfter) {
        if (handlers < 1) {
            throw new IllegalArgumentException("handlers must be at least 1, was " + handlers);
        }
        this.trunk = trunk;
        this.fallback = fallback;
        this.threadFactory = threadFactory;
        this.handlers = handlers;
        this.handOnAfterNanos = handOnAfter.toNanos();
    }

    @Override
    public void execute(Runnable task) {
        if (fallback instanceof ExecutorService pool && pool.isShutdown()) {
            throw new RejectedExecutionException("the handler pool is shut down");
        }
        if (Thread.currentThread() == leader) {
            loop.accepted.add(task);
            return;
        }
        lock.lock();
        try {
            if (active && !closed) {
                queue.add(task);
                handOn();
                wakeFor(1);
                ensureLeader();
                return;
            }
        } finally {
            lock.unlock();
        }
        fallback.execute(task);
    }

    /** Event loop, as the channel becomes active: the reading is this reader's from now on. */
    void start(ReadLoop reading) {
        loop = reading;
        lock.lock();
        try {
            active = true;
            leading = true;
            spawn(true);
        } finally {
            lock.unlock();
        }
        trunk.closeFuture().addListener(f -> stop());
    }

    /** Whether handler threads read the trunk. */
    boolean isActive() {
        return active;
    }

    boolean isClosed() {
        return closed;
    }

    boolean isWritable() {
        return trunk.isWritable();
    }

    /** Event loop, from back-pressure: reading may resume. */
    void writabilityChanged() {
        ReadLoop reading = loop;
        if (reading != null) {
            reading.wake();
        }
    }

    private void work(boolean lead) {
        lock.lock();
        try {
            while (!closed) {
                Thread.interrupted(); // a cancelled handler's interrupt is not the next one's
                if (lead) {
                    lead = lead();
                    continue;
                }
                Runnable task = running < handlers ? queue.poll() : null;
                if (task != null) {
                    ensureLeader();
                    run(task, null);
                } else if (!leading) {
                    leading = true;
                    lead = true;
                } else {
                    Followers.Follower me = followers.idle(lock, IDLE_NANOS);
                    if (me.woken()) {
                        lead = me.lead();
                    } else if (leading) {
                        break; // idle for a minute, and another thread leads
                    }
                }
            }
        } finally {
            threads--;
            releaseIfLast();
            lock.unlock();
        }
    }

    /**
     * Locked on entry and exit: reads until there is work. One request is run right here, this
     * thread keeping the reading, which another takes over only if the request runs long or someone
     * awaits an answer from the runtime meanwhile; true if this thread still leads after it.
     * Several requests at once hand the reading on at once.
     */
    private boolean lead() {
        lock.unlock();
        ReadLoop.Outcome outcome;
        try {
            leader = Thread.currentThread();
            outcome = loop.read(this);
        } finally {
            leader = null;
            lock.lock();
        }
        if (outcome == ReadLoop.Outcome.TASKS) {
            queue.addAll(loop.accepted);
            loop.accepted.clear();
            if (queue.size() == 1 && running < handlers && !closed) {
                return runKeepingTheLead(queue.poll());
            }
            leading = false;
            ensureLeader();
            wakeFor(queue.size() - 1); // this thread takes the first
        } else {
            leading = false;
            if (outcome == ReadLoop.Outcome.ENDED) {
                ended(loop.failure);
            }
        }
        return false;
    }

    /** Locked on entry and exit: runs {@code task} while still the leader; true if it still is. */
    private boolean runKeepingTheLead(Runnable task) {
        absent = true;
        long turn = ++turns;
        run(task, SlackTimer.schedule(() -> handOnIf(turn), handOnAfterNanos));
        if (absent) {
            absent = false;
            return true;
        }
        return false;
    }

    /** Locked on entry and exit: runs {@code task} unlocked, counted; then cancels {@code watchdog}. */
    private void run(Runnable task, SlackTimer.Timer watchdog) {
        running++;
        lock.unlock();
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            log.error("a request's task failed", e);
        } finally {
            if (watchdog != null) {
                watchdog.cancel();
            }
            lock.lock();
            running--;
        }
    }

    /**
     * Any thread: if the leader is away running a request, another thread takes over the reading
     * now. Called before awaiting an answer from the runtime, which must then be read.
     */
    public void ensureReading() {
        lock.lock();
        try {
            handOn();
        } finally {
            lock.unlock();
        }
    }

    private void handOnIf(long turn) {
        lock.lock();
        try {
            if (turns == turn) {
                handOn();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Locked. */
    private void handOn() {
        if (absent) {
            absent = false;
            leading = false;
            ensureLeader();
        }
    }

    /** Locked: makes sure some thread leads, or will as soon as it can. */
    private void ensureLeader() {
        if (leading || closed) {
            return;
        }
        if (followers.wakeOne(true)) {
            leading = true;
        } else if (threads < handlers + 1) {
            leading = true;
            spawn(true);
        }
        // else every other thread runs a handler; the first to finish leads
    }

    /** Locked: wakes (or starts) up to {@code n} threads to take queued requests. */
    private void wakeFor(int n) {
        for (int i = 0; i < n && running + i < handlers; i++) {
            if (followers.wakeOne(false)) {
                continue;
            } else if (threads < handlers + 1) {
                spawn(false);
            } else {
                return; // the first thread to finish its handler takes the next
            }
        }
    }

    /** Locked. */
    private void spawn(boolean lead) {
        try {
            threadFactory.newThread(() -> work(lead)).start();
            threads++;
        } catch (RuntimeException | OutOfMemoryError e) {
            leading = false; // the threads there are take turns: reading waits while they run handlers
            log.warn("cannot start a thread to read the NRI socket: {}", e.toString());
        }
    }

    /** The reading ended: the channel hears of it on its event loop, and closes. */
    private void ended(Throwable failure) {
        closed = true;
        wakeAll();
        try {
            trunk.eventLoop().execute(() -> {
                if (failure == null) {
                    trunk.close();
                } else {
                    trunk.pipeline().fireExceptionCaught(failure);
                }
            });
        } catch (RejectedExecutionException e) {
            trunk.close();
        }
    }

    /** The channel closed: every thread ends, the leader woken by the socket's shutdown. */
    private void stop() {
        lock.lock();
        try {
            closed = true;
            wakeAll();
            if (threads > 0) {
                loop.shutdown();
            }
            releaseIfLast();
        } finally {
            lock.unlock();
        }
    }

    /** Locked. */
    private void wakeAll() {
        loop.wake();
        while (followers.wakeOne(false)) {
            // each wakes, finds the reader closed, and ends
        }
    }

    /** Locked: once closed and no thread is left, the descriptors go. */
    private void releaseIfLast() {
        if (!closed || threads > 0 || released || loop == null) {
            return;
        }
        released = true;
        loop.release();
    }
}
