package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.internal.enforce.ContainerStopper;
import io.nri4j.internal.enforce.Ledger;
import io.nri4j.internal.log.Causes;
import io.nri4j.internal.log.RateLimitedLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plugin's enforcement, for the life of its process (internal): marks what it handles, finds
 * what escaped it in each Synchronize and in later events, reports each escape once (log line,
 * {@link NriEvent.ContainerEscaped}) and runs the catch-up handler for it after the handshake.
 *
 * <p>Thread rule: handler threads; the marking is the only part on the per-request path.
 */
final class Enforcer {

    private static final Logger log = LoggerFactory.getLogger(Enforcer.class);
    private static final RateLimitedLog LEDGER_FAILURES = new RateLimitedLog(log);
    private static final int MAX_LATE = 1024;

    private final String pluginName;
    private final String markerKey;
    private final ByteString markerKeyBytes;
    private final ByteString markerBytes;
    private final Ledger ledger;
    private final EscapeHandler handler;
    private final ContainerStopper stopper;
    private final EscapeLog escapeLog = new EscapeLog(log);
    /** Unmarked containers already classified: an event for them is not a new escape. */
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** Containers whose CreateContainer the handler answered too late, until seen again. */
    private final Map<String, EscapedContainer> late = new LinkedHashMap<>();

    private Enforcer(String pluginName, String instanceId, Ledger ledger, EscapeHandler handler,
            ContainerStopper stopper) {
        this.pluginName = pluginName;
        this.markerKey = Enforcement.markerKey(pluginName);
        this.markerKeyBytes = ByteString.copyFromUtf8(markerKey);
        // Built here, on the thread that builds the plugin, rather than by the first connection on
        // its event loop: the first map field builds the NRI file's descriptors, tens of ms cold.
        this.markerBytes = CreateContainerResponse.newBuilder().setAdjust(ContainerAdjustment.newBuilder()
                .putAnnotations(markerKey, instanceId)).build().toByteString();
        this.ledger = ledger;
        this.handler = handler;
        this.stopper = stopper;
    }

    /** Null when the plugin does not enforce: off, or no CreateContainer handler. */
    static Enforcer of(Enforcement enforcement, PluginIdentity identity, PluginInstance instance, Handlers handlers,
            EscapeHandler handler) {
        if (!enforcement.enabled() || handlers.createContainer() == null) {
            return null;
        }
        // Written at the first Synchronize: building a plugin touches no host path.
        Ledger ledger = enforcement.directory().map(dir -> Ledger.at(dir, identity.name())).orElseGet(Ledger::inMemory);
        return new Enforcer(identity.name(), instance.id(), ledger, handler, ContainerStopper.host());
    }

    /**
     * A CreateContainer answer holding only the marker, serialized: appended to an answer's
     * bytes, it is merged into its adjustment by whoever parses it (protobuf merges the repeats
     * of a message field), and the runtime lists the container with it from then on.
     */
    ByteString markerBytes() {
        return markerBytes;
    }

    /** The handler missed its budget: the container is created without the plugin. */
    void late(PodSandbox pod, Container container) {
        synchronized (late) {
            if (late.size() >= MAX_LATE) {
                late.remove(late.keySet().iterator().next());
            }
            late.put(container.getId(), new EscapedContainer(pod, container, EscapeCause.TIMEOUT));
        }
    }

    /**
     * What enforcement keeps of a Synchronize, part by part: every container's id, the
     * unmarked containers, and the pods stripped to their names (the parts themselves are not
     * held, so a plugin without a Synchronize handler stays within the limits it had).
     */
    final class SyncScan implements SyncPartReader.Sink {
        private final Map<String, PodSandbox> pods = new HashMap<>();
        private final Set<String> present = new HashSet<>();
        private final Map<String, Container> unmarked = new LinkedHashMap<>();

        /** A part a Synchronize handler has built anyway. */
        void add(SynchronizeRequest part) {
            for (PodSandbox pod : part.getPodsList()) {
                pod(PodSandbox.newBuilder().setId(pod.getId()).setName(pod.getName())
                        .setNamespace(pod.getNamespace()).setUid(pod.getUid()).build());
            }
            for (Container c : part.getContainersList()) {
                container(c.getId(), c.getAnnotationsMap().containsKey(markerKey) ? null : c);
            }
        }

        /** A part's bytes, when nothing else builds it: only unmarked containers are built. */
        void add(ByteString part) throws InvalidProtocolBufferException {
            SyncPartReader.read(part, markerKeyBytes, this);
        }

        @Override
        public void pod(PodSandbox stripped) {
            pods.put(stripped.getId(), stripped);
        }

        @Override
        public void container(String id, Container unmarkedOne) {
            present.add(id);
            if (unmarkedOne != null) {
                unmarked.put(id, unmarkedOne);
            }
        }
    }

    SyncScan newScan() {
        return new SyncScan();
    }

    /**
     * A whole Synchronize: classifies every unmarked container before the answer goes out, so
     * that an event right after it is not taken for a new escape.
     */
    List<EscapedContainer> synchronize(SyncScan scan) {
        Map<String, Container> unmarked = scan.unmarked;
        // The plugin's own container was created without it (no instance was up): not an escape.
        unmarked.keySet().removeIf(stopper::runsIn);
        Map<String, Ledger.Verdict> verdicts = verdicts(unmarked, scan.present);
        known.retainAll(scan.present);
        known.addAll(unmarked.keySet());
        List<EscapedContainer> found = new ArrayList<>();
        for (Container c : unmarked.values()) {
            Ledger.Verdict verdict = verdicts.get(c.getId());
            EscapedContainer lateOne = takeLate(c.getId());
            if (verdict == Ledger.Verdict.KNOWN) {
                continue;
            }
            PodSandbox pod = scan.pods.getOrDefault(c.getPodSandboxId(), PodSandbox.getDefaultInstance());
            EscapeCause cause = verdict == Ledger.Verdict.PREEXISTING ? EscapeCause.PREEXISTING
                    : lateOne != null ? EscapeCause.TIMEOUT : EscapeCause.DOWNTIME;
            found.add(new EscapedContainer(pod, c, cause));
        }
        return found;
    }

    /**
     * A container event (after creation): a container without the marker that no Synchronize
     * listed escaped; empty otherwise. Costs a map lookup for a handled container.
     */
    Optional<EscapedContainer> seen(PodSandbox pod, Container container) {
        if (container.getId().isEmpty() || container.getAnnotationsMap().containsKey(markerKey)
                || known.contains(container.getId())) {
            return Optional.empty();
        }
        known.add(container.getId());
        if (stopper.runsIn(container.getId())) {
            return Optional.empty();
        }
        EscapedContainer lateOne = takeLate(container.getId());
        boolean fresh;
        try {
            fresh = !ledger.knows(container.getId());
        } catch (IOException e) {
            LEDGER_FAILURES.warn("ledger", "cannot read the ledger {}: {}", ledger.location(), Causes.describe(e));
            fresh = true;
        }
        if (!fresh) {
            return Optional.empty();
        }
        return Optional.of(new EscapedContainer(pod, container,
                lateOne != null ? EscapeCause.TIMEOUT : EscapeCause.SYNCHRONIZE_RACE));
    }

    /**
     * Reports escapes and runs the catch-up handler for each: updates go out together with
     * {@code UpdateContainers} once the runtime's pending request is answered. The ledger
     * records an escape as reported only once its catch-up is done (an update the runtime
     * answered), so that an instance stopped in between leaves it to the next one.
     */
    void catchUp(List<EscapedContainer> escapes, NriStub stub, Consumer<NriEvent> publish) {
        if (escapes.isEmpty()) {
            return;
        }
        List<ContainerUpdate> updates = new ArrayList<>();
        List<String> done = new ArrayList<>();
        int preexisting = 0;
        for (EscapedContainer escaped : escapes) {
            if (escaped.cause().escaped()) {
                escapeLog.escaped(pluginName, escaped);
            } else {
                preexisting++;
            }
            publish.accept(new NriEvent.ContainerEscaped(escaped));
            CatchUp what = handle(escaped);
            if (what instanceof CatchUp.Apply apply) {
                updates.add(apply.update().build().toBuilder().setContainerId(escaped.container().getId()).build());
                continue;
            }
            if (what instanceof CatchUp.Evict evict) {
                evict(escaped, evict.reason());
            }
            if (escaped.cause().escaped()) {
                done.add(escaped.container().getId());
            }
        }
        if (preexisting > 0) {
            log.info("plugin {}: {} containers are older than its first registration on this node", pluginName,
                    preexisting);
        }
        record(done);
        if (!updates.isEmpty()) {
            send(updates, stub);
        }
    }

    private void send(List<ContainerUpdate> updates, NriStub stub) {
        try {
            stub.updateContainers(updates).whenComplete((failed, error) -> {
                if (error != null) {
                    log.warn("plugin {}: catch-up updates for {} escaped containers not sent: {}; the next"
                            + " registration reports them again", pluginName, updates.size(), Causes.describe(error));
                    return;
                }
                if (!failed.isEmpty()) {
                    log.warn("plugin {}: the runtime could not apply {} of {} catch-up updates", pluginName,
                            failed.size(), updates.size());
                }
                record(updates.stream().map(ContainerUpdate::getContainerId).toList());
            });
        } catch (RuntimeException e) {
            log.warn("plugin {}: catch-up updates for {} escaped containers not sent: {}", pluginName,
                    updates.size(), Causes.describe(e));
        }
    }

    private void record(List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        try {
            ledger.reported(ids);
        } catch (IOException e) {
            LEDGER_FAILURES.warn("ledger", "cannot update the ledger {}: {}", ledger.location(), Causes.describe(e));
        }
    }

    private CatchUp handle(EscapedContainer escaped) {
        if (handler == null) {
            return CatchUp.none();
        }
        try {
            CatchUp what = handler.handle(escaped);
            return what == null ? CatchUp.none() : what;
        } catch (Exception e) {
            log.warn("escaped-container handler failed for {}: {}", escaped.describe(), Causes.describe(e), e);
            return CatchUp.none();
        }
    }

    private void evict(EscapedContainer escaped, String reason) {
        Container c = escaped.container();
        Optional<String> failure = stopper.stop(c.getId(), c.getPid());
        if (failure.isEmpty()) {
            log.info("plugin {} stopped escaped container {} ({}): {}", pluginName, escaped.describe(), c.getId(),
                    reason);
        } else {
            log.warn("plugin {} cannot stop escaped container {} ({}): {}", pluginName, escaped.describe(),
                    c.getId(), failure.get());
        }
    }

    private Map<String, Ledger.Verdict> verdicts(Map<String, Container> unmarked, Set<String> present) {
        try {
            return ledger.reconcile(unmarked.keySet(), present);
        } catch (IOException e) {
            LEDGER_FAILURES.warn("ledger", "cannot read or update the ledger {}: {}; reporting every unmarked"
                    + " container", ledger.location(), Causes.describe(e));
            Map<String, Ledger.Verdict> all = new HashMap<>();
            unmarked.keySet().forEach(id -> all.put(id, known.contains(id) ? Ledger.Verdict.KNOWN
                    : Ledger.Verdict.NEW));
            return all;
        }
    }

    private EscapedContainer takeLate(String id) {
        synchronized (late) {
            return late.remove(id);
        }
    }
}
