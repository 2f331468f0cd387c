package io.nri4j.e2e;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnSynchronize;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Adjusts the containers of pods annotated {@code e2e.nri4j.io/adjust} with one change of each kind
 * the suite checks in the OCI spec and inside the container: an annotation, an env variable, an
 * rlimit, a memory limit, a bind mount, and new args. Other pods' containers are left alone, so the suite can
 * tell its own pods from the runtime's. The builder is immutable: every call returns the next one.
 */
@Component
class Adjuster {

    static final String PREFIX = "e2e.nri4j.io/";
    private static final Logger log = LoggerFactory.getLogger(Adjuster.class);

    @OnCreateContainer
    Adjustment adjust(PodSandbox pod, Container container) {
        Map<String, String> annotations = pod.getAnnotationsMap();
        String tag = annotations.get(PREFIX + "adjust");
        if (tag == null) {
            return Adjustment.create();
        }
        Adjustment adjustment = Adjustment.create()
                .addAnnotation(PREFIX + "adjusted", tag)
                .addEnv("E2E_ADJUSTED", tag)
                .addRlimit("RLIMIT_CORE", 4242, 2121)
                .addRlimit("RLIMIT_NOFILE", 1042, 1021);
        String memory = annotations.get(PREFIX + "memory-limit");
        if (memory != null) {
            adjustment = adjustment.setLinuxMemoryLimit(Long.parseLong(memory));
        }
        String args = annotations.get(PREFIX + "args");
        if (args != null) {
            // Runtimes before NRI v0.10.0 drop it: the plugin says so (the old-runtime scenario).
            adjustment = adjustment.setArgs(List.of(args.split(" ")));
        }
        String source = annotations.get(PREFIX + "mount-source");
        if (source != null) {
            adjustment = adjustment.addMount(source, "/e2e-mount", "bind", "rbind", "ro");
        }
        log.info("adjusted container {}/{} ({})", pod.getName(), container.getName(), tag);
        return adjustment;
    }

    /** The suite reads this line to see a restarted runtime's pods reach the plugin. */
    @OnSynchronize
    void synchronize(List<PodSandbox> pods, List<Container> containers) {
        log.info("synchronized pods {}", pods.stream().map(PodSandbox::getName).sorted().toList());
    }
}
