package io.nri4j.samples.devices;

import com.google.protobuf.TextFormat;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoJson;
import io.nri4j.samples.goyaml.GoText;
import io.nri4j.samples.goyaml.InvalidAnnotationException;
import io.nri4j.spring.annotation.OnCreateContainer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Adjusts each new container as its pod's annotations ask: devices, CDI devices, mounts, I/O
 * priority, scheduling attributes, network devices, sysctls and memory policy, in that order.
 * A value that cannot be read fails the container's creation.
 */
@Component
class DeviceInjector {

    private static final Logger log = LoggerFactory.getLogger(DeviceInjector.class);

    @OnCreateContainer
    ContainerAdjustment inject(PodSandbox pod, Container container) {
        PodAnnotations annotations = new PodAnnotations(pod, container);
        ContainerAdjustment adjust;
        try {
            adjust = adjust(annotations);
        } catch (InvalidAnnotationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // The builder refuses what the runtime would refuse later: the same device path,
            // mount destination or CDI device twice, or a key with the removal marker '-'.
            throw annotations.refused(e.getMessage(), e);
        }
        if (adjust.getSerializedSize() > 0) {
            log.info("{}: {}", annotations.container(), TextFormat.shortDebugString(adjust));
        }
        return adjust;
    }

    private static ContainerAdjustment adjust(PodAnnotations annotations) {
        Adjustment adjust = Adjustment.create();
        for (DeviceSpec device : annotations.read(Kind.DEVICES, DeviceSpec::parseAll).orElse(List.of())) {
            adjust = adjust.addDevice(device.toNri());
        }
        for (String device : annotations.read(Kind.CDI_DEVICES, v -> GoJson.strings(v, "Go value")).orElse(List.of())) {
            adjust = adjust.addCdiDevice(device);
        }
        for (MountSpec mount : annotations.read(Kind.MOUNTS, MountSpec::parseAll).orElse(List.of())) {
            adjust = adjust.addMount(mount.toNri());
        }
        // Upstream sets an unknown class as no priority, which still sends an empty Linux part;
        // the runtime answers that with an empty RDT adjustment. Parity means sending the same.
        boolean touchedLinux = false;
        Optional<IoPrioritySpec> ioPriority = annotations.read(Kind.IO_PRIORITY, IoPrioritySpec::parse);
        Optional<LinuxIOPriority> priority = ioPriority.flatMap(IoPrioritySpec::toNri);
        if (priority.isPresent()) {
            adjust = adjust.setLinuxIoPriority(priority.get());
        } else if (ioPriority.isPresent()) {
            log.warn("{}: unknown I/O priority class {}, priority left alone", annotations.container(),
                    GoText.quote(ioPriority.get().ioClass()));
            touchedLinux = true;
        }
        Optional<SchedulerSpec> scheduler = annotations.read(Kind.SCHEDULER, SchedulerSpec::parse);
        if (scheduler.isPresent()) {
            adjust = adjust.setLinuxScheduler(scheduler.get().toNri());
        }
        for (NetDeviceSpec device : annotations.read(Kind.NET_DEVICES, NetDeviceSpec::parseAll).orElse(List.of())) {
            adjust = adjust.addLinuxNetDevice(device.hostIf(), device.name());
        }
        Map<String, String> sysctls = annotations.read(Kind.SYSCTL, v -> GoJson.stringMap(v, "Go value"))
                .orElse(Map.of());
        for (Map.Entry<String, String> sysctl : sysctls.entrySet()) {
            adjust = adjust.setLinuxSysctl(sysctl.getKey(), sysctl.getValue());
        }
        Optional<MemoryPolicySpec> memoryPolicy = annotations.read(Kind.MEMORY_POLICY, MemoryPolicySpec::parse);
        if (memoryPolicy.isPresent()) {
            MemoryPolicySpec policy = memoryPolicy.get();
            try {
                adjust = adjust.setLinuxMemoryPolicy(policy.nriMode(), policy.nodes(), policy.nriFlags());
            } catch (GoDecodeException e) {
                throw annotations.refused("invalid memory policy: " + e.getMessage(), e);
            }
        }
        ContainerAdjustment built = adjust.build();
        return touchedLinux && !built.hasLinux()
                ? built.toBuilder().setLinux(LinuxContainerAdjustment.getDefaultInstance()).build() : built;
    }
}
