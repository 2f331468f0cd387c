package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * Joins the parts of a split Synchronize. The runtime splits when one message would exceed
 * 4 MiB and sends the parts one after another, each answered before the next; the handler sees
 * one request holding everything.
 */
final class SyncCollector {

    private final List<PodSandbox> pods = new ArrayList<>();
    private final List<Container> containers = new ArrayList<>();
    private int parts;

    synchronized void add(SynchronizeRequest part) {
        pods.addAll(part.getPodsList());
        containers.addAll(part.getContainersList());
        parts++;
    }

    /** The whole synchronization, ending with {@code last}; starts over afterwards. */
    synchronized SynchronizeRequest complete(SynchronizeRequest last) {
        if (parts == 0) {
            return last;
        }
        SynchronizeRequest all = SynchronizeRequest.newBuilder()
                .addAllPods(pods).addAllPods(last.getPodsList())
                .addAllContainers(containers).addAllContainers(last.getContainersList())
                .build();
        pods.clear();
        containers.clear();
        parts = 0;
        return all;
    }
}
