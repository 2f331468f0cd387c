package io.nri4j.samples.devices;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSchedulerFlag;
import io.nri4j.api.v1alpha1.LinuxSchedulerPolicy;
import io.nri4j.samples.goyaml.GoJson;
import java.util.List;

/**
 * Scheduling attributes from a {@code scheduling-policy.noderesource.dev} annotation, e.g.
 * {@code {policy: SCHED_FIFO, priority: 50}}. Runtime, deadline and period are uint64s.
 */
record SchedulerSpec(String policy, int nice, int priority, List<String> flags, long runtime, long deadline,
        long period) {

    static SchedulerSpec parse(Object yaml) {
        GoJson.Struct s = GoJson.struct(yaml, "main.scheduler", "policy", "nice", "priority", "flags", "runtime",
                "deadline", "period");
        return new SchedulerSpec(s.string("policy"), s.int32("nice"), s.int32("priority"), s.strings("flags"),
                s.uint64("runtime"), s.uint64("deadline"), s.uint64("period"));
    }

    /** The attributes to set. As upstream, a name that is no policy or flag counts as the zero one. */
    LinuxScheduler toNri() {
        LinuxScheduler.Builder scheduler = LinuxScheduler.newBuilder()
                .setPolicyValue(number(LinuxSchedulerPolicy.getDescriptor(), policy))
                .setNice(nice).setPriority(priority).setRuntime(runtime).setDeadline(deadline).setPeriod(period);
        flags.forEach(flag -> scheduler.addFlagsValue(number(LinuxSchedulerFlag.getDescriptor(), flag)));
        return scheduler.build();
    }

    private static int number(EnumDescriptor type, String name) {
        EnumValueDescriptor value = type.findValueByName(name);
        return value == null ? 0 : value.getNumber();
    }
}
