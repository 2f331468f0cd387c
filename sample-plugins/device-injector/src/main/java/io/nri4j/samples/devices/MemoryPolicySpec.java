package io.nri4j.samples.devices;

import com.google.protobuf.Descriptors.EnumValueDescriptor;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoJson;
import io.nri4j.samples.goyaml.GoText;
import java.util.List;

/**
 * A NUMA memory policy from a {@code memory-policy.noderesource.dev} annotation, e.g.
 * {@code {mode: MPOL_INTERLEAVE, nodes: "0-1", flags: [MPOL_F_STATIC_NODES]}}.
 */
record MemoryPolicySpec(String mode, String nodes, List<String> flags) {

    static MemoryPolicySpec parse(Object yaml) {
        GoJson.Struct policy = GoJson.struct(yaml, "main.memoryPolicy", "mode", "nodes", "flags");
        return new MemoryPolicySpec(policy.string("mode"), policy.string("nodes"), policy.strings("flags"));
    }

    /** The mode; an unknown name (an empty one too) is an error. */
    MpolMode nriMode() {
        EnumValueDescriptor value = MpolMode.getDescriptor().findValueByName(mode);
        if (value == null) {
            throw new GoDecodeException("invalid memory policy mode " + GoText.quote(mode));
        }
        return MpolMode.valueOf(value);
    }

    /** The flags; an unknown name is an error. */
    MpolFlag[] nriFlags() {
        return flags.stream().map(flag -> {
            EnumValueDescriptor value = MpolFlag.getDescriptor().findValueByName(flag);
            if (value == null) {
                throw new GoDecodeException("invalid memory policy flag " + GoText.quote(flag));
            }
            return MpolFlag.valueOf(value);
        }).toArray(MpolFlag[]::new);
    }
}
