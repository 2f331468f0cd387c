package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Joins the parts of a split Synchronize. The runtime splits when one message would exceed
 * 4 MiB and sends the parts one after another, each answered before the next; the handler sees
 * one request holding everything. What it holds is bounded by the plugin's {@link Limits}: each
 * part is counted on its bytes before it is parsed, so a part of a million empty pods is
 * refused without building one. A plugin without a Synchronize handler holds nothing, so no
 * limit applies to it: it only counts.
 */
final class SyncCollector {

    private static final int PODS = SynchronizeRequest.PODS_FIELD_NUMBER;
    private static final int CONTAINERS = SynchronizeRequest.CONTAINERS_FIELD_NUMBER;

    private static final int MORE = SynchronizeRequest.MORE_FIELD_NUMBER;

    /** A whole synchronization and what it carries (also when its pods were never parsed). */
    record Joined(SynchronizeRequest request, int pods, int containers) {
    }

    private final Limits limits;
    /** Whether a handler gets the pods and containers: only then are they held, and bounded. */
    private final boolean keeps;
    private final List<PodSandbox> pods = new ArrayList<>();
    private final List<Container> containers = new ArrayList<>();
    private long bytes;
    private int parts;
    // Longs: without a handler nothing bounds them, and a runtime may send parts without end.
    private long podCount;
    private long containerCount;
    /** The size and counts of the part {@link #admit} let through last: what {@link #add} holds. */
    private long admitted;
    private long admittedPods;
    private long admittedContainers;

    SyncCollector(Limits limits, boolean keeps) {
        this.limits = limits;
        this.keeps = keeps;
    }

    /**
     * Checks a part, still serialized, against what is already held.
     *
     * @throws SyncLimitException if the synchronization would go over a limit; everything held
     *     is dropped then
     */
    synchronized void admit(ByteString part) {
        long[] counts = count(part);
        long totalBytes = bytes + part.size();
        long totalPods = podCount + counts[0];
        long totalContainers = containerCount + counts[1];
        SyncLimitException over = keeps ? SyncLimitException.check(limits, totalBytes, totalPods, totalContainers)
                : null;
        if (over == null) {
            admitted = part.size();
            admittedPods = counts[0];
            admittedContainers = counts[1];
            return;
        }
        reset();
        throw over;
    }

    synchronized void add(SynchronizeRequest part) {
        if (keeps) {
            pods.addAll(part.getPodsList());
            containers.addAll(part.getContainersList());
        }
        // The admitted bytes, not getSerializedSize(): that walks the whole parsed part and
        // builds an entry object for every label and annotation to measure it.
        bytes += admitted;
        podCount += admittedPods;
        containerCount += admittedContainers;
        admitted = 0;
        admittedPods = 0;
        admittedContainers = 0;
        parts++;
    }

    /** The whole synchronization, ending with {@code last}; starts over afterwards. */
    synchronized Joined complete(SynchronizeRequest last) {
        int allPods = saturated(podCount + admittedPods);
        int allContainers = saturated(containerCount + admittedContainers);
        SynchronizeRequest all = parts == 0 || !keeps ? last : SynchronizeRequest.newBuilder()
                .addAllPods(pods).addAllPods(last.getPodsList())
                .addAllContainers(containers).addAllContainers(last.getContainersList())
                .build();
        reset();
        return new Joined(all, allPods, allContainers);
    }

    /** Serialized bytes of the parts held: none without a handler. */
    synchronized long heldBytes() {
        return keeps ? bytes : 0;
    }

    private void reset() {
        pods.clear();
        containers.clear();
        bytes = 0;
        podCount = 0;
        containerCount = 0;
        admitted = 0;
        admittedPods = 0;
        admittedContainers = 0;
        parts = 0;
    }

    private static int saturated(long count) {
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    /** Pods and containers in a serialized part, counted without parsing them. */
    private static long[] count(ByteString part) {
        long[] counts = new long[2];
        CodedInputStream in = part.newCodedInput();
        try {
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                int field = WireFormat.getTagFieldNumber(tag);
                if (field == PODS) {
                    counts[0]++;
                } else if (field == CONTAINERS) {
                    counts[1]++;
                }
                if (!in.skipField(tag)) {
                    break;
                }
            }
        } catch (IOException e) {
            // Malformed: parsing the part says so properly; what was counted still counts.
        }
        return counts;
    }
}
