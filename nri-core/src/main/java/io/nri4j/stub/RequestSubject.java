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
        Container c = container(request);
        if (c != Container.getDefaultInstance()) {
            return "container " + WireText.escape(c.getName()) + " (" + WireText.escape(c.getId()) + ")";
        }
        PodSandbox p = pod(request);
        if (p != PodSandbox.getDefaultInstance()) {
            return "pod " + WireText.escape(p.getNamespace()) + "/" + WireText.escape(p.getName()) + " ("
                    + WireText.escape(p.getId()) + ")";
        }
        return request.getDescriptorForType().getName();
    }

    /** The request's {@code pod} field; the default instance when it has none (or no request). */
    static PodSandbox pod(Message request) {
        return request != null && field(request, "pod") instanceof PodSandbox p ? p : PodSandbox.getDefaultInstance();
    }

    /** The request's {@code container} field; the default instance when it has none (or no request). */
    static Container container(Message request) {
        return request != null && field(request, "container") instanceof Container c ? c
                : Container.getDefaultInstance();
    }

    private static Object field(Message request, String name) {
        var field = request.getDescriptorForType().findFieldByName(name);
        return field != null && request.hasField(field) ? request.getField(field) : null;
    }
}
