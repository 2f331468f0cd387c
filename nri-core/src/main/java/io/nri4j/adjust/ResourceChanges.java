package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.HugepageLimit;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import java.util.function.Consumer;

/**
 * The Linux resource changes an {@link Adjustment} and an {@link Update} share. Values are
 * passed as Java {@code long}s; fields that are unsigned on the wire take the bits unchanged.
 *
 * @param <T> the builder type
 */
public sealed interface ResourceChanges<T extends ResourceChanges<T>> permits Adjustment, Update {

    /** The resources set so far. */
    LinuxResources resources();

    /** A copy of this builder with {@code resources} instead. */
    T withResources(LinuxResources resources);

    default T setLinuxMemoryLimit(long bytes) {
        return memory(m -> m.setLimit(i64(bytes)));
    }

    default T setLinuxMemoryReservation(long bytes) {
        return memory(m -> m.setReservation(i64(bytes)));
    }

    default T setLinuxMemorySwap(long bytes) {
        return memory(m -> m.setSwap(i64(bytes)));
    }

    default T setLinuxMemoryKernel(long bytes) {
        return memory(m -> m.setKernel(i64(bytes)));
    }

    default T setLinuxMemoryKernelTcp(long bytes) {
        return memory(m -> m.setKernelTcp(i64(bytes)));
    }

    default T setLinuxMemorySwappiness(long swappiness) {
        return memory(m -> m.setSwappiness(u64(swappiness)));
    }

    default T setLinuxMemoryDisableOomKiller() {
        return memory(m -> m.setDisableOomKiller(OptionalBool.newBuilder().setValue(true)));
    }

    default T setLinuxMemoryUseHierarchy() {
        return memory(m -> m.setUseHierarchy(OptionalBool.newBuilder().setValue(true)));
    }

    default T setLinuxCpuShares(long shares) {
        return cpu(c -> c.setShares(u64(shares)));
    }

    default T setLinuxCpuQuota(long quota) {
        return cpu(c -> c.setQuota(i64(quota)));
    }

    default T setLinuxCpuPeriod(long period) {
        return cpu(c -> c.setPeriod(u64(period)));
    }

    default T setLinuxCpuRealtimeRuntime(long runtime) {
        return cpu(c -> c.setRealtimeRuntime(i64(runtime)));
    }

    default T setLinuxCpuRealtimePeriod(long period) {
        return cpu(c -> c.setRealtimePeriod(u64(period)));
    }

    default T setLinuxCpusetCpus(String cpus) {
        return cpu(c -> c.setCpus(cpus));
    }

    default T setLinuxCpusetMems(String mems) {
        return cpu(c -> c.setMems(mems));
    }

    default T setLinuxPidsLimit(long limit) {
        return edit(r -> r.getPidsBuilder().setLimit(limit));
    }

    /** Sets the limit for one page size; a second limit for the same size is refused. */
    default T addLinuxHugepageLimit(String pageSize, long limit) {
        for (HugepageLimit existing : resources().getHugepageLimitsList()) {
            if (existing.getPageSize().equals(pageSize)) {
                throw new IllegalArgumentException("hugepage limit for " + pageSize + " is already set");
            }
        }
        return edit(r -> r.addHugepageLimits(HugepageLimit.newBuilder().setPageSize(pageSize).setLimit(limit)));
    }

    default T setLinuxBlockioClass(String blockioClass) {
        return edit(r -> r.setBlockioClass(OptionalString.newBuilder().setValue(blockioClass)));
    }

    default T setLinuxRdtClass(String rdtClass) {
        return edit(r -> r.setRdtClass(OptionalString.newBuilder().setValue(rdtClass)));
    }

    /** Sets one cgroup v2 unified key. */
    default T addLinuxUnified(String key, String value) {
        Adjustment.refuseMarker("unified key", key);
        return edit(r -> r.putUnified(key, value));
    }

    private T memory(Consumer<LinuxMemory.Builder> change) {
        return edit(r -> change.accept(r.getMemoryBuilder()));
    }

    private T cpu(Consumer<LinuxCPU.Builder> change) {
        return edit(r -> change.accept(r.getCpuBuilder()));
    }

    private T edit(Consumer<LinuxResources.Builder> change) {
        LinuxResources.Builder builder = resources().toBuilder();
        change.accept(builder);
        return withResources(builder.build());
    }

    private static OptionalInt64 i64(long value) {
        return OptionalInt64.newBuilder().setValue(value).build();
    }

    private static OptionalUInt64 u64(long value) {
        return OptionalUInt64.newBuilder().setValue(value).build();
    }
}
