package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * {@code nri.adjustments.unsupported=fail} against the upstream runtime library: a runtime that
 * applies every field gets them all, and nothing is counted as ignored. (The embedded runtime
 * reports the NRI version it is built with, v0.12.5, so an older runtime's losses are tested in
 * nri-core, whose test runtime can claim any version.)
 */
class IgnoredAdjustmentsTests {

    @Component
    static class NewFields {
        @OnCreateContainer
        ContainerAdjustment adjust(PodSandbox pod) {
            return ContainerAdjustment.newBuilder().addArgs("/bin/app").addArgs("--tuned")
                    .setLinux(LinuxContainerAdjustment.newBuilder().setMemoryPolicy(LinuxMemoryPolicy.newBuilder()
                            .setMode(MpolMode.MPOL_INTERLEAVE).setNodes("0"))).build();
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void underFailARuntimeThatAppliesEveryFieldCreatesTheContainerWithThemAndNothingIsCounted() {
        UpstreamRuntime runtime = apps.runtime();
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(NewFields.class),
                "nri.adjustments.unsupported=fail");

        CreateContainerResponse merged = runtime.createContainer(pod("p"), container(pod("p"), "app"));

        assertThat(merged.getAdjust().getArgsList()).containsExactly("/bin/app", "--tuned");
        assertThat(merged.getAdjust().getLinux().getMemoryPolicy().getMode()).isEqualTo(MpolMode.MPOL_INTERLEAVE);
        assertThat(app.getBean(MeterRegistry.class).find("nri.adjustments.ignored").counters()).isEmpty();
    }
}
