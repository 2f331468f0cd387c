package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hook;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import org.junit.jupiter.api.Test;

class ClaimsTests {

    @Test
    void namesMapAndKeyedEntriesOneByOneWalksIntoSettingsAndTakesScalarsAsOne() {
        ContainerAdjustment adjustment = ContainerAdjustment.newBuilder()
                .putAnnotations("a.example.com/x", "1")
                .putAnnotations("-b.example.com/y", "")
                .addEnv(KeyValue.newBuilder().setKey("K").setValue("V"))
                .addMounts(Mount.newBuilder().setDestination("/d").setSource("/s").setType("bind"))
                .setHooks(Hooks.newBuilder().addPrestart(Hook.newBuilder().setPath("/bin/true")))
                .setLinux(LinuxContainerAdjustment.newBuilder()
                        .setResources(LinuxResources.newBuilder()
                                .setMemory(LinuxMemory.newBuilder()
                                        .setLimit(OptionalInt64.newBuilder().setValue(1 << 20)))
                                .setCpu(LinuxCPU.newBuilder().setShares(OptionalUInt64.newBuilder().setValue(512))
                                        .setCpus("0-1")))
                        .setOomScoreAdj(OptionalInt.newBuilder().setValue(100)))
                .addArgs("sleep")
                .build();

        assertThat(Claims.of(adjustment)).containsExactly(
                "annotations[a.example.com/x]", "annotations[b.example.com/y]", "mounts[/d]", "env[K]",
                "linux.resources.memory.limit", "linux.resources.cpu.shares",
                "linux.resources.cpu.cpus", "linux.oom_score_adj", "args");
    }

    @Test
    void anEmptyAdjustmentClaimsNothing() {
        assertThat(Claims.of(ContainerAdjustment.getDefaultInstance())).isEmpty();
    }
}
