package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Pods and containers living through their lifecycle on a runtime, one operation every 2 ms
 * from a thread of its own, and the state that results: the pods and containers that exist so
 * far, as a runtime would report them in Synchronize. Two pods in three end with their removal,
 * the third stays. An operation that fails ends its pod's script there; failures while the
 * runtime is down (from {@link #runtimeDown()} to {@link #runtimeUp()}) are counted, any other
 * failure is kept as an error.
 */
final class PodTraffic implements AutoCloseable {

    private final UpstreamRuntime runtime;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "pod-traffic");
        t.setDaemon(true);
        return t;
    });
    /** Held for each operation and the state change it makes: whoever holds it sees a settled state. */
    private final ReentrantLock lock = new ReentrantLock(true);
    private final Map<String, PodSandbox> pods = new LinkedHashMap<>();
    private final Map<String, Container> containers = new LinkedHashMap<>();
    private final AtomicLong succeeded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicInteger outages = new AtomicInteger();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private volatile boolean down;
    private int podCount;
    private Iterator<Runnable> script = List.<Runnable>of().iterator();

    private PodTraffic(UpstreamRuntime runtime) {
        this.runtime = runtime;
    }

    static PodTraffic start(UpstreamRuntime runtime) {
        PodTraffic traffic = new PodTraffic(runtime);
        traffic.thread.scheduleAtFixedRate(traffic::step, 0, 2, TimeUnit.MILLISECONDS);
        return traffic;
    }

    /** From now on operations may fail: the runtime is about to go away. */
    void runtimeDown() {
        outages.incrementAndGet();
        down = true;
    }

    /** From now on operations must succeed. */
    void runtimeUp() {
        down = false;
    }

    /** Runs {@code action} between two operations, with the state settled. */
    <T> T paused(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    /** The pods that exist; call it {@link #paused}. */
    List<PodSandbox> pods() {
        return new ArrayList<>(pods.values());
    }

    /** The containers that exist; call it {@link #paused}. */
    List<Container> containers() {
        return new ArrayList<>(containers.values());
    }

    long succeeded() {
        return succeeded.get();
    }

    long failed() {
        return failed.get();
    }

    /** Operations that failed while the runtime was up. */
    List<String> errors() {
        return List.copyOf(errors);
    }

    private void step() {
        lock.lock();
        try {
            if (!script.hasNext()) {
                script = script(podCount++);
            }
            boolean wasDown = down;
            int outage = outages.get();
            try {
                script.next().run();
                succeeded.incrementAndGet();
            } catch (RuntimeException e) {
                script = List.<Runnable>of().iterator();
                failed.incrementAndGet();
                if (!wasDown && !down && outage == outages.get()) {
                    errors.add(e.toString());
                }
            }
        } catch (Throwable e) {
            // A periodic task that throws is never run again: keep it going, and say why.
            errors.add(e.toString());
        } finally {
            lock.unlock();
        }
    }

    /** One pod's life: each step's state change happens only if its operation succeeded. */
    private Iterator<Runnable> script(int n) {
        PodSandbox pod = pod("pod-" + n);
        Container ctr = container(pod, "ctr-" + n);
        List<Runnable> steps = new ArrayList<>(List.of(
                () -> {
                    runtime.event("RunPodSandbox", pod, null);
                    pods.put(pod.getId(), pod);
                },
                () -> {
                    if (!runtime.createContainer(pod, ctr).getAdjust().containsAnnotations("greeting")) {
                        throw new IllegalStateException(ctr.getId() + " was created without the plugin's adjustment");
                    }
                    containers.put(ctr.getId(), ctr);
                },
                () -> runtime.event("StartContainer", pod, ctr)));
        if (n % 3 != 0) {
            steps.addAll(List.of(
                    () -> {
                        runtime.event("RemoveContainer", pod, ctr);
                        containers.remove(ctr.getId());
                    },
                    () -> runtime.event("StopPodSandbox", pod, null),
                    () -> {
                        runtime.event("RemovePodSandbox", pod, null);
                        pods.remove(pod.getId());
                    }));
        }
        return steps.iterator();
    }

    @Override
    public void close() throws InterruptedException {
        // Lets the operation under way finish: an interrupted one would fail.
        thread.shutdown();
        thread.awaitTermination(30, TimeUnit.SECONDS);
    }
}
