package io.nri4j.samples.devices;

import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.samples.goyaml.GoJson;
import java.util.List;

/**
 * A mount from a {@code mounts.noderesource.dev} annotation, e.g.
 * {@code - {source: /home, destination: /host-home, type: bind, options: [bind, ro]}}.
 */
record MountSpec(String source, String destination, String type, List<String> options) {

    static List<MountSpec> parseAll(Object yaml) {
        return GoJson.slice(yaml, "Go value", "[]main.mount").stream().map(MountSpec::parse).toList();
    }

    private static MountSpec parse(Object entry) {
        GoJson.Struct mount = GoJson.struct(entry, "main.mount", "source", "destination", "type", "options");
        return new MountSpec(mount.string("source"), mount.string("destination"), mount.string("type"),
                mount.strings("options"));
    }

    Mount toNri() {
        return Mount.newBuilder().setSource(source).setDestination(destination).setType(type).addAllOptions(options)
                .build();
    }
}
