package io.nri4j.conformance;

import io.nri4j.adjust.Update;

/**
 * Named resource updates for other containers, written with the {@link Update} builder; the
 * harness builds the same with upstream's Go helpers ({@code harness/updates.go}).
 */
final class UpdateCases {

    private UpdateCases() {
    }

    static Update apply(String name, String containerId) {
        Update u = Update.forContainer(containerId);
        return switch (name) {
            case "cpu" -> u.setLinuxCpuShares(256).setLinuxCpuQuota(10000).setLinuxCpuPeriod(100000)
                    .setLinuxCpusetCpus("1");
            case "memory" -> u.setLinuxMemoryLimit(128L << 20).setLinuxMemorySwappiness(10);
            case "classes" -> u.setLinuxBlockioClass("low").setLinuxRdtClass("bronze");
            case "hugepages" -> u.addLinuxHugepageLimit("2MB", 1L << 30);
            case "unified" -> u.addLinuxUnified("cpu.weight", "50");
            case "ignore-failure" -> u.setLinuxCpuShares(128).ignoreFailure();
            default -> throw new IllegalArgumentException("unknown update case \"" + name + "\"");
        };
    }
}
