package io.nri4j.stub;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StateChangeEvent;

/**
 * Names a request the same way in every instance of the plugin: its event and the container
 * (or pod) it is about. Configure, Synchronize and Shutdown belong to one connection and are
 * never shared: {@code null}. The names are shared with other versions of the plugin during a
 * rolling upgrade, so their form does not change.
 */
final class RoundKey {

    private RoundKey() {
    }

    static String of(Event event, Message request) {
        Event e = request instanceof StateChangeEvent change ? change.getEvent() : event;
        if (e == Event.UNKNOWN) {
            return null;
        }
        // Through the generated getters, as RequestSubject reads them: protobuf's reflective
        // hasField and getField call the same getters by Method.invoke on every request. A
        // request parsed from the wire holds the default instance only where the field is absent.
        Container container = RequestSubject.container(request);
        if (container != Container.getDefaultInstance()) {
            return e.name() + "/" + container.getId();
        }
        PodSandbox pod = RequestSubject.pod(request);
        if (pod != PodSandbox.getDefaultInstance()) {
            return e.name() + "/" + pod.getId();
        }
        return e.name() + "/";
    }
}
