package io.nri4j.samples.devices;

import io.nri4j.api.v1alpha1.IOPrioClass;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.samples.goyaml.GoJson;
import java.util.Optional;

/**
 * An I/O priority from an {@code io-priority.noderesource.dev} annotation, e.g.
 * {@code {class: IOPRIO_CLASS_RT, priority: 3}}.
 */
record IoPrioritySpec(String ioClass, int priority) {

    static IoPrioritySpec parse(Object yaml) {
        GoJson.Struct priority = GoJson.struct(yaml, "main.ioPrio", "class", "priority");
        return new IoPrioritySpec(priority.string("class"), priority.int32("priority"));
    }

    /** The priority to set; none for a class other than the four {@code IOPRIO_CLASS_*} names. */
    Optional<LinuxIOPriority> toNri() {
        return switch (ioClass) {
            case "IOPRIO_CLASS_NONE", "IOPRIO_CLASS_RT", "IOPRIO_CLASS_BE", "IOPRIO_CLASS_IDLE" -> Optional.of(
                    LinuxIOPriority.newBuilder().setClass_(IOPrioClass.valueOf(ioClass)).setPriority(priority).build());
            default -> Optional.empty();
        };
    }
}
