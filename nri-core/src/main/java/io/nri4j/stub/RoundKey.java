package io.nri4j.stub;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StateChangeEvent;

/**
 * Names a request the same way in every instance of the plugin: its event and the container
 * (or pod) it is about. Configure, Synchronize and Shutdown belong to one connection and are
 * never shared: {@code null}.
 */
final class RoundKey {

    private RoundKey() {
    }

    static String of(Event event, Message request) {
        Event e = request instanceof StateChangeEvent change ? change.getEvent() : event;
        if (e == Event.UNKNOWN) {
            return null;
        }
        var fields = request.getDescriptorForType();
        var container = fields.findFieldByName("container");
        if (container != null && request.hasField(container)) {
            return e.name() + "/" + ((Container) request.getField(container)).getId();
        }
        var pod = fields.findFieldByName("pod");
        if (pod != null && request.hasField(pod)) {
            return e.name() + "/" + ((PodSandbox) request.getField(pod)).getId();
        }
        return e.name() + "/";
    }
}
