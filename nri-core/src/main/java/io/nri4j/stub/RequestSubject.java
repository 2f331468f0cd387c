package io.nri4j.stub;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.internal.log.WireText;

/**
 * Names the pod or container a request is about, for log lines: described only when a line is
 * written, as most requests write none (the description reads fields by reflection).
 */
record RequestSubject(Message request) {

    @Override
    public String toString() {
        var fields = request.getDescriptorForType();
        var container = fields.findFieldByName("container");
        if (container != null && request.hasField(container)) {
            Container c = (Container) request.getField(container);
            return "container " + WireText.escape(c.getName()) + " (" + WireText.escape(c.getId()) + ")";
        }
        var pod = fields.findFieldByName("pod");
        if (pod != null && request.hasField(pod)) {
            PodSandbox p = (PodSandbox) request.getField(pod);
            return "pod " + WireText.escape(p.getNamespace()) + "/" + WireText.escape(p.getName()) + " ("
                    + WireText.escape(p.getId()) + ")";
        }
        return request.getDescriptorForType().getName();
    }
}
