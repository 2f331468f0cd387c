package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.util.Optional;

/**
 * Replies that would crash a runtime with a known bug. Failing the one request with a clear
 * error is better than taking the node's runtime down.
 */
final class KnownRuntimeBugs {

    private static final NriVersion V0_11_0 = new NriVersion(0, 11, 0, "");
    private static final NriVersion V0_12_0 = new NriVersion(0, 12, 0, "");

    private KnownRuntimeBugs() {
    }

    /**
     * The runtime library of NRI v0.11.x writes sysctl adjustments into a map it never
     * created, and panics (fixed upstream in v0.12.0, commit a7dd8b0).
     */
    static void checkAdjustment(RuntimeInfo runtime, ContainerAdjustment adjustment) {
        if (runtime == null || adjustment.getLinux().getSysctlCount() == 0) {
            return;
        }
        Optional<NriVersion> nri = runtime.nriVersion();
        if (nri.isPresent() && nri.get().compareTo(V0_11_0) >= 0 && nri.get().compareTo(V0_12_0) < 0) {
            throw new TtrpcException(TtrpcStatus.of(StatusCode.FAILED_PRECONDITION,
                    "not sending sysctl adjustments to " + runtime.name() + " " + runtime.version()
                            + " (NRI " + nri.get() + "): its NRI runtime library crashes on them;"
                            + " fixed in NRI v0.12.0"));
        }
    }
}
