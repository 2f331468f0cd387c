package io.nri4j.adjust;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.HugepageLimit;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxContainerUpdate;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxPids;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import org.junit.jupiter.api.Test;

/** The resource setters {@link Adjustment} and {@link Update} share. */
class ResourceChangesTests {

    private static final LinuxResources EVERY_SETTER = LinuxResources.newBuilder()
            .setMemory(LinuxMemory.newBuilder()
                    .setLimit(i64(1L << 30))
                    .setReservation(i64(1L << 29))
                    .setSwap(i64(2L << 30))
                    .setKernel(i64(1000))
                    .setKernelTcp(i64(500))
                    .setSwappiness(u64(60))
                    .setDisableOomKiller(OptionalBool.newBuilder().setValue(true))
                    .setUseHierarchy(OptionalBool.newBuilder().setValue(true)))
            .setCpu(LinuxCPU.newBuilder()
                    .setShares(u64(512))
                    .setQuota(i64(50_000))
                    .setPeriod(u64(100_000))
                    .setRealtimeRuntime(i64(950))
                    .setRealtimePeriod(u64(1000))
                    .setCpus("0-3")
                    .setMems("0"))
            .setPids(LinuxPids.newBuilder().setLimit(100))
            .addHugepageLimits(HugepageLimit.newBuilder().setPageSize("2MB").setLimit(1L << 30))
            .addHugepageLimits(HugepageLimit.newBuilder().setPageSize("1GB").setLimit(0))
            .setBlockioClass(OptionalString.newBuilder().setValue("slow"))
            .setRdtClass(OptionalString.newBuilder().setValue("gold"))
            .putUnified("memory.high", "1G")
            .putUnified("cpu.weight", "100")
            .build();

    @Test
    void everyResourceSetterOfAnAdjustment() {
        assertThat(everySetter(Adjustment.create()).build().getLinux().getResources()).isEqualTo(EVERY_SETTER);
    }

    @Test
    void everyResourceSetterOfAnUpdate() {
        assertThat(everySetter(Update.forContainer("c1")).build()).isEqualTo(ContainerUpdate.newBuilder()
                .setContainerId("c1")
                .setLinux(LinuxContainerUpdate.newBuilder().setResources(EVERY_SETTER))
                .build());
    }

    @Test
    void updateTargetsItsContainerAndCanIgnoreFailure() {
        Update update = Update.forContainer("c1");
        Update lenient = update.ignoreFailure();

        assertThat(update.build()).isEqualTo(ContainerUpdate.newBuilder().setContainerId("c1").build());
        assertThat(lenient.build()).isEqualTo(ContainerUpdate.newBuilder().setContainerId("c1")
                .setIgnoreFailure(true).build());
    }

    @Test
    void updateVerbsLeaveTheBuilderTheyWereCalledOnUnchanged() {
        Update base = Update.forContainer("c1").setLinuxCpuShares(2);
        ContainerUpdate before = base.build();

        Update changed = base.setLinuxMemoryLimit(5).addLinuxHugepageLimit("2MB", 1).ignoreFailure();

        assertThat(changed.build()).isNotEqualTo(before);
        assertThat(base.build()).isEqualTo(before);
    }

    @Test
    void unsignedFieldsTakeTheBitsUnchanged() {
        LinuxResources resources = Update.forContainer("c1").setLinuxCpuShares(-1).build().getLinux().getResources();

        assertThat(Long.toUnsignedString(resources.getCpu().getShares().getValue())).isEqualTo("18446744073709551615");
    }

    @Test
    void settersReplaceEarlierValues() {
        LinuxResources resources = Adjustment.create().setLinuxMemoryLimit(1).setLinuxMemoryLimit(2)
                .setLinuxCpusetCpus("0").setLinuxCpusetCpus("1").build().getLinux().getResources();

        assertThat(resources.getMemory().getLimit().getValue()).isEqualTo(2);
        assertThat(resources.getCpu().getCpus()).isEqualTo("1");
    }

    private static <T extends ResourceChanges<T>> T everySetter(T builder) {
        return builder
                .setLinuxMemoryLimit(1L << 30)
                .setLinuxMemoryReservation(1L << 29)
                .setLinuxMemorySwap(2L << 30)
                .setLinuxMemoryKernel(1000)
                .setLinuxMemoryKernelTcp(500)
                .setLinuxMemorySwappiness(60)
                .setLinuxMemoryDisableOomKiller()
                .setLinuxMemoryUseHierarchy()
                .setLinuxCpuShares(512)
                .setLinuxCpuQuota(50_000)
                .setLinuxCpuPeriod(100_000)
                .setLinuxCpuRealtimeRuntime(950)
                .setLinuxCpuRealtimePeriod(1000)
                .setLinuxCpusetCpus("0-3")
                .setLinuxCpusetMems("0")
                .setLinuxPidsLimit(100)
                .addLinuxHugepageLimit("2MB", 1L << 30)
                .addLinuxHugepageLimit("1GB", 0)
                .setLinuxBlockioClass("slow")
                .setLinuxRdtClass("gold")
                .addLinuxUnified("memory.high", "1G")
                .addLinuxUnified("cpu.weight", "100");
    }

    private static OptionalInt64 i64(long value) {
        return OptionalInt64.newBuilder().setValue(value).build();
    }

    private static OptionalUInt64 u64(long value) {
        return OptionalUInt64.newBuilder().setValue(value).build();
    }
}
