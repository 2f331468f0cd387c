package io.nri4j.samples.devices;

import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoJson;
import java.util.List;

/**
 * A host network interface to move into the container, from a
 * {@code network-devices.noderesource.dev} annotation, e.g. {@code - {hostIf: ens2.100, name: netdev0}}.
 */
record NetDeviceSpec(String hostIf, String name) {

    static List<NetDeviceSpec> parseAll(Object yaml) {
        return GoJson.slice(yaml, "Go value", "[]*main.netDevice").stream().map(NetDeviceSpec::parse).toList();
    }

    private static NetDeviceSpec parse(Object entry) {
        if (entry == null) {
            // Upstream decodes a null entry into a nil pointer and then dereferences it.
            throw new GoDecodeException("a network device entry is null");
        }
        GoJson.Struct device = GoJson.struct(entry, "main.netDevice", "hostIf", "name");
        return new NetDeviceSpec(device.string("hostIf"), device.string("name"));
    }
}
