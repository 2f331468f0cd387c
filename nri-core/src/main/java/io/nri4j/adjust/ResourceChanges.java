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

    /** Sets the memory limit, in bytes (cgroup {@code memory.max}, v1 {@code memory.limit_in_bytes}). */
    default T setLinuxMemoryLimit(long bytes) {
        return memory(m -> m.setLimit(i64(bytes)));
    }

    /** Sets the memory reservation (soft limit), in bytes. */
    default T setLinuxMemoryReservation(long bytes) {
        return memory(m -> m.setReservation(i64(bytes)));
    }

    /** Sets the limit of memory plus swap, in bytes (OCI {@code memory.swap}); -1 for unlimited. */
    default T setLinuxMemorySwap(long bytes) {
        return memory(m -> m.setSwap(i64(bytes)));
    }

    /** Sets the kernel memory limit, in bytes; cgroup v1 only, and ignored by recent kernels. */
    default T setLinuxMemoryKernel(long bytes) {
        return memory(m -> m.setKernel(i64(bytes)));
    }

    /** Sets the kernel TCP buffer memory limit, in bytes; cgroup v1 only. */
    default T setLinuxMemoryKernelTcp(long bytes) {
        return memory(m -> m.setKernelTcp(i64(bytes)));
    }

    /** Sets the swappiness, 0 to 100; cgroup v1 only. */
    default T setLinuxMemorySwappiness(long swappiness) {
        return memory(m -> m.setSwappiness(u64(swappiness)));
    }

    /** Disables the OOM killer for the container's cgroup; cgroup v1 only. */
    default T setLinuxMemoryDisableOomKiller() {
        return memory(m -> m.setDisableOomKiller(OptionalBool.newBuilder().setValue(true)));
    }

    /** Enables hierarchical memory accounting; cgroup v1 only. */
    default T setLinuxMemoryUseHierarchy() {
        return memory(m -> m.setUseHierarchy(OptionalBool.newBuilder().setValue(true)));
    }

    /** Sets the CPU shares, a relative weight (1024 is one CPU's worth in Kubernetes). */
    default T setLinuxCpuShares(long shares) {
        return cpu(c -> c.setShares(u64(shares)));
    }

    /** Sets the CPU quota: microseconds of CPU time per {@linkplain #setLinuxCpuPeriod period}; -1 for none. */
    default T setLinuxCpuQuota(long quota) {
        return cpu(c -> c.setQuota(i64(quota)));
    }

    /** Sets the CPU quota's period, in microseconds (100000 by default). */
    default T setLinuxCpuPeriod(long period) {
        return cpu(c -> c.setPeriod(u64(period)));
    }

    /** Sets the real-time runtime: microseconds per {@linkplain #setLinuxCpuRealtimePeriod period}. */
    default T setLinuxCpuRealtimeRuntime(long runtime) {
        return cpu(c -> c.setRealtimeRuntime(i64(runtime)));
    }

    /** Sets the real-time period, in microseconds. */
    default T setLinuxCpuRealtimePeriod(long period) {
        return cpu(c -> c.setRealtimePeriod(u64(period)));
    }

    /** Pins the container to CPUs, as a list such as {@code 0-3,8} (cgroup {@code cpuset.cpus}). */
    default T setLinuxCpusetCpus(String cpus) {
        return cpu(c -> c.setCpus(cpus));
    }

    /** Restricts the container to NUMA memory nodes, as a list such as {@code 0-1} ({@code cpuset.mems}). */
    default T setLinuxCpusetMems(String mems) {
        return cpu(c -> c.setMems(mems));
    }

    /** Sets the maximum number of processes (cgroup {@code pids.max}). */
    default T setLinuxPidsLimit(long limit) {
        return edit(r -> r.getPidsBuilder().setLimit(limit));
    }

    /**
     * Limits the container's use of huge pages of one size; a second limit for the same size is
     * refused. Note the order: page size first, then the limit.
     *
     * @param pageSize the huge page size as cgroups name it, e.g. {@code 2MB} or {@code 1GB}
     * @param limit the limit in bytes (not in pages)
     */
    default T addLinuxHugepageLimit(String pageSize, long limit) {
        for (HugepageLimit existing : resources().getHugepageLimitsList()) {
            if (existing.getPageSize().equals(pageSize)) {
                throw new IllegalArgumentException("hugepage limit for " + pageSize + " is already set");
            }
        }
        return edit(r -> r.addHugepageLimits(HugepageLimit.newBuilder().setPageSize(pageSize).setLimit(limit)));
    }

    /** Puts the container into a block I/O class, by the name the runtime's blockio configuration gives it. */
    default T setLinuxBlockioClass(String blockioClass) {
        return edit(r -> r.setBlockioClass(OptionalString.newBuilder().setValue(blockioClass)));
    }

    /** Puts the container into an RDT class, by the name the runtime's RDT configuration gives it. */
    default T setLinuxRdtClass(String rdtClass) {
        return edit(r -> r.setRdtClass(OptionalString.newBuilder().setValue(rdtClass)));
    }

    /**
     * Sets one cgroup v2 file of the container's cgroup directly, claiming it.
     *
     * @param key the cgroup file, e.g. {@code memory.high}
     * @param value what to write to it, e.g. {@code 1073741824}
     */
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
