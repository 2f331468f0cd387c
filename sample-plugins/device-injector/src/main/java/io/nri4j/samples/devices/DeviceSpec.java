package io.nri4j.samples.devices;

import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.OptionalFileMode;
import io.nri4j.api.v1alpha1.OptionalUInt32;
import io.nri4j.samples.goyaml.GoJson;
import java.util.List;

/**
 * A device node from a {@code devices.noderesource.dev} annotation, e.g.
 * {@code - {path: /dev/nri-null, type: c, major: 1, minor: 3}}. {@code file_mode}, {@code uid} and
 * {@code gid} are uint32s; zero means not set.
 */
record DeviceSpec(String path, String type, long major, long minor, int fileMode, int uid, int gid) {

    static List<DeviceSpec> parseAll(Object yaml) {
        return GoJson.slice(yaml, "Go value", "[]main.device").stream().map(DeviceSpec::parse).toList();
    }

    private static DeviceSpec parse(Object entry) {
        GoJson.Struct device = GoJson.struct(entry, "main.device", "path", "type", "major", "minor", "file_mode", "uid",
                "gid");
        return new DeviceSpec(device.string("path"), device.string("type"), device.int64("major"),
                device.int64("minor"), device.uint32("file_mode"), device.uint32("uid"), device.uint32("gid"));
    }

    LinuxDevice toNri() {
        LinuxDevice.Builder device = LinuxDevice.newBuilder().setPath(path).setType(type).setMajor(major)
                .setMinor(minor);
        if (fileMode != 0) {
            device.setFileMode(OptionalFileMode.newBuilder().setValue(fileMode));
        }
        if (uid != 0) {
            device.setUid(OptionalUInt32.newBuilder().setValue(uid));
        }
        if (gid != 0) {
            device.setGid(OptionalUInt32.newBuilder().setValue(gid));
        }
        return device.build();
    }
}
