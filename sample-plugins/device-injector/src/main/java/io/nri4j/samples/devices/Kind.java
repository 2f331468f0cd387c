package io.nri4j.samples.devices;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The annotations the plugin reads: one key per kind of adjustment, and the older {@code *.nri.io}
 * key upstream still reads (sysctls never had one).
 */
enum Kind {

    DEVICES("devices.noderesource.dev", "devices.nri.io", "device", true),
    CDI_DEVICES("cdi-devices.noderesource.dev", "cdi-devices.nri.io", "CDI device", true),
    MOUNTS("mounts.noderesource.dev", "mounts.nri.io", "mount", true),
    IO_PRIORITY("io-priority.noderesource.dev", "io-priority.nri.io", "I/O priority", false),
    SCHEDULER("scheduling-policy.noderesource.dev", "scheduling-policy.nri.io", "scheduler", false),
    NET_DEVICES("network-devices.noderesource.dev", "network-devices.nri.io", "net device", false),
    SYSCTL("sysctl.noderesource.dev", null, "sysctl", false),
    MEMORY_POLICY("memory-policy.noderesource.dev", "memory-policy.nri.io", "memory policy", false);

    private final String key;
    private final String oldKey;
    private final String what;
    private final boolean emptyIsAbsent;

    Kind(String key, String oldKey, String what, boolean emptyIsAbsent) {
        this.key = key;
        this.oldKey = oldKey;
        this.what = what;
        this.emptyIsAbsent = emptyIsAbsent;
    }

    /** What the kind is called in error messages, e.g. {@code device}. */
    String what() {
        return what;
    }

    /**
     * The keys in precedence order: the container's, then the pod's, then the bare key, each
     * under the current prefix before the old one.
     */
    List<String> keys(String container) {
        List<String> keys = new ArrayList<>();
        for (String suffix : new String[] {"/container." + container, "/pod", ""}) {
            keys.add(key + suffix);
            if (oldKey != null) {
                keys.add(oldKey + suffix);
            }
        }
        return keys;
    }

    /**
     * The value of the first key present. Devices, CDI devices and mounts treat an empty value
     * as none; for the other kinds an empty value is an empty YAML document, as upstream reads it.
     */
    Optional<String> value(Map<String, String> annotations, String container) {
        for (String candidate : keys(container)) {
            String value = annotations.get(candidate);
            if (value != null) {
                return emptyIsAbsent && value.isEmpty() ? Optional.empty() : Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
