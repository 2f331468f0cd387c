package io.nri4j.samples.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KindTests {

    @Test
    void listsTheKeysMostSpecificFirstCurrentPrefixBeforeTheOldOne() {
        assertThat(Kind.DEVICES.keys("c0")).containsExactly("devices.noderesource.dev/container.c0",
                "devices.nri.io/container.c0", "devices.noderesource.dev/pod", "devices.nri.io/pod",
                "devices.noderesource.dev", "devices.nri.io");
        assertThat(Kind.SYSCTL.keys("c0")).containsExactly("sysctl.noderesource.dev/container.c0",
                "sysctl.noderesource.dev/pod", "sysctl.noderesource.dev");
    }

    @Test
    void takesAnEmptyValueAsNoneOnlyForDevicesCdiDevicesAndMounts() {
        Map<String, String> empty = Map.of("mounts.noderesource.dev", "", "scheduling-policy.noderesource.dev", "");

        assertThat(Kind.MOUNTS.value(empty, "c0")).isEmpty();
        assertThat(Kind.SCHEDULER.value(empty, "c0")).contains("");
    }
}
