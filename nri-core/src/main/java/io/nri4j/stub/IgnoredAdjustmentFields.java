package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.internal.log.WireText;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plugin's {@link UnsupportedAdjustments} policy at work on its CreateContainer replies
 * ({@link AdjustmentSupport} says which fields a runtime ignores). One per plugin, shared by its
 * connections, so that a field is warned of once however often the plugin reconnects.
 * Thread-safe; runs on handler threads.
 */
final class IgnoredAdjustmentFields {

    private final UnsupportedAdjustments policy;
    private final Logger log;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    IgnoredAdjustmentFields(UnsupportedAdjustments policy) {
        // The service's logger: these lines are about the runtime's requests.
        this(policy, LoggerFactory.getLogger(PluginService.class));
    }

    IgnoredAdjustmentFields(UnsupportedAdjustments policy, Logger log) {
        this.policy = policy;
        this.log = log;
    }

    UnsupportedAdjustments policy() {
        return policy;
    }

    /**
     * Checks a reply's adjustment against the runtime: WARN logs each field's first loss and
     * reports every reply that loses fields to {@code progress}; FAIL throws.
     *
     * @throws TtrpcException {@code FAILED_PRECONDITION}, under FAIL, when the runtime ignores a field
     */
    void check(CreateContainerRequest request, ContainerAdjustment adjustment, RuntimeInfo runtime,
            StubProgress progress) {
        if (runtime == null || runtime.nriVersion().isEmpty()) {
            return;
        }
        NriVersion nri = runtime.nriVersion().get();
        List<String> fields = AdjustmentSupport.ignoredFields(nri, adjustment);
        if (fields.isEmpty()) {
            return;
        }
        String who = "runtime " + runtime.name() + " " + runtime.version() + " (NRI " + nri + ")";
        if (policy == UnsupportedAdjustments.FAIL) {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.FAILED_PRECONDITION,
                    "not sending an adjustment of " + String.join(", ", fields) + " to " + who
                            + ", which ignores " + (fields.size() == 1 ? "it" : "them") + ": NRI applies "
                            + firstVersions(fields)));
        }
        for (String field : fields) {
            if (warned.add(field)) {
                log.warn("{} ignores the adjustment's {}, set for container {} of pod {}/{}: NRI applies it from {} on",
                        who, field, WireText.escape(request.getContainer().getName()),
                        WireText.escape(request.getPod().getNamespace()), WireText.escape(request.getPod().getName()),
                        since(field));
            }
        }
        progress.adjustmentFieldsIgnored(request.getContainer().getId(), fields, runtime);
    }

    private static String firstVersions(List<String> fields) {
        StringBuilder s = new StringBuilder();
        for (String field : fields) {
            s.append(s.length() == 0 ? "" : ", ").append(field).append(" from ").append(since(field));
        }
        return s.toString();
    }

    private static String since(String field) {
        Optional<NriVersion> since = AdjustmentSupport.since(field);
        return since.map(NriVersion::toString).orElse("?");
    }
}
