package io.nri4j.adjust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.MpolMode;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The rules the builders add on top of the wire format: one claim per entry, immutable results. */
class AdjustmentClaimsTests {

    /** The adds whose key may carry the removal marker. */
    static Stream<Arguments> markedAdds() {
        return Stream.of(
                Arguments.of("env", "FOO", (Add) (a, k) -> a.addEnv(k, "v")),
                Arguments.of("mount", "/data", (Add) (a, k) -> a.addMount("/src", k, "bind")),
                Arguments.of("device", "/dev/fuse", (Add) (a, k) ->
                        a.addDevice(LinuxDevice.newBuilder().setPath(k).setType("c").build())),
                Arguments.of("rlimit", "RLIMIT_NOFILE", (Add) (a, k) -> a.addRlimit(k, 2, 1)),
                Arguments.of("CDI device", "vendor.com/gpu=0", (Add) Adjustment::addCdiDevice),
                Arguments.of("namespace", "network", (Add) (a, k) -> a.addOrReplaceNamespace(k, "/proc/1/ns/net")));
    }

    /** Map-valued adds: a second add overwrites, but the marker is refused all the same. */
    static Stream<Arguments> markedMapAdds() {
        return Stream.concat(markedAdds(), Stream.of(
                Arguments.of("annotation", "owner", (Add) (a, k) -> a.addAnnotation(k, "v")),
                Arguments.of("sysctl", "net.core.somaxconn", (Add) (a, k) -> a.setLinuxSysctl(k, "1")),
                Arguments.of("net device", "eth1", (Add) (a, k) -> a.addLinuxNetDevice(k, "net1")),
                Arguments.of("unified key", "memory.high", (Add) (a, k) -> a.addLinuxUnified(k, "1"))));
    }

    static Stream<Arguments> adds() {
        return Stream.concat(markedAdds(), Stream.of(
                Arguments.of("hugepage limit", "2MB", (Add) (a, k) -> a.addLinuxHugepageLimit(k, 1 << 20))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("adds")
    void secondAddOfTheSameEntryIsRefused(String what, String key, Add add) {
        Adjustment once = add.apply(Adjustment.create(), key);

        assertThatIllegalArgumentException().isThrownBy(() -> add.apply(once, key))
                .withMessageContaining(what)
                .withMessageContaining(key)
                .withMessageContaining("already set");
        assertThat(add.apply(once, key + "2").build()).isNotEqualTo(once.build());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("markedMapAdds")
    void addWithTheRemovalMarkerIsRefused(String what, String key, Add add) {
        assertThatIllegalArgumentException().isThrownBy(() -> add.apply(Adjustment.create(), "-" + key))
                .withMessageContaining(what)
                .withMessageContaining("\"-" + key + "\"")
                .withMessageContaining("removal marker");
    }

    @Test
    void removingThenAddingTakesTheEntryOver() {
        ContainerAdjustment built = Adjustment.create()
                .removeEnv("FOO").addEnv("FOO", "mine")
                .removeMount("/data").addMount("/src", "/data", "bind")
                .removeDevice("/dev/fuse").addDevice(LinuxDevice.newBuilder().setPath("/dev/fuse").build())
                .removeNamespace("network").addOrReplaceNamespace("network", "/proc/1/ns/net")
                .build();

        assertThat(built.getEnvList()).extracting(KeyValue::getKey).containsExactly("-FOO", "FOO");
        assertThat(built.getMountsList()).extracting(Mount::getDestination).containsExactly("-/data", "/data");
        assertThat(built.getLinux().getDevicesList()).extracting(LinuxDevice::getPath)
                .containsExactly("-/dev/fuse", "/dev/fuse");
        assertThat(built.getLinux().getNamespacesList()).extracting(LinuxNamespace::getType)
                .containsExactly("-network", "network");
    }

    @Test
    void everyVerbLeavesTheBuilderItWasCalledOnUnchanged() {
        Adjustment base = Adjustment.create().addEnv("A", "1").addMount("/s", "/d", "bind").setLinuxMemoryLimit(1);
        ContainerAdjustment before = base.build();
        Map<String, UnaryOperator<Adjustment>> verbs = Map.ofEntries(
                Map.entry("addAnnotation", a -> a.addAnnotation("k", "v")),
                Map.entry("removeAnnotation", a -> a.removeAnnotation("k")),
                Map.entry("addEnv", a -> a.addEnv("B", "2")),
                Map.entry("removeEnv", a -> a.removeEnv("A")),
                Map.entry("setArgs", a -> a.setArgs("x")),
                Map.entry("updateArgs", a -> a.updateArgs(List.of("x"))),
                Map.entry("addMount", a -> a.addMount("/s", "/e", "bind")),
                Map.entry("removeMount", a -> a.removeMount("/d")),
                Map.entry("addHooks", a -> a.addHooks(Hooks.getDefaultInstance())),
                Map.entry("addRlimit", a -> a.addRlimit("RLIMIT_CORE", 0, 0)),
                Map.entry("addDevice", a -> a.addDevice(LinuxDevice.newBuilder().setPath("/dev/x").build())),
                Map.entry("removeDevice", a -> a.removeDevice("/dev/y")),
                Map.entry("addCdiDevice", a -> a.addCdiDevice("v.com/c=1")),
                Map.entry("addOrReplaceNamespace", a -> a.addOrReplaceNamespace("ipc", "")),
                Map.entry("removeNamespace", a -> a.removeNamespace("uts")),
                Map.entry("addLinuxNetDevice", a -> a.addLinuxNetDevice("eth1", "net0")),
                Map.entry("removeLinuxNetDevice", a -> a.removeLinuxNetDevice("eth2")),
                Map.entry("setLinuxSysctl", a -> a.setLinuxSysctl("k", "v")),
                Map.entry("removeLinuxSysctl", a -> a.removeLinuxSysctl("k")),
                Map.entry("setLinuxCgroupsPath", a -> a.setLinuxCgroupsPath("/p")),
                Map.entry("setLinuxOomScoreAdj", a -> a.setLinuxOomScoreAdj(5)),
                Map.entry("setLinuxMemoryPolicy", a -> a.setLinuxMemoryPolicy(MpolMode.MPOL_LOCAL, "")),
                Map.entry("setLinuxRdtClosId", a -> a.setLinuxRdtClosId("c")),
                Map.entry("removeLinuxRdt", Adjustment::removeLinuxRdt),
                Map.entry("setLinuxMemoryLimit", a -> a.setLinuxMemoryLimit(2)),
                Map.entry("addLinuxHugepageLimit", a -> a.addLinuxHugepageLimit("1GB", 1)),
                Map.entry("addLinuxUnified", a -> a.addLinuxUnified("memory.high", "1")));

        verbs.forEach((name, verb) -> {
            Adjustment after = verb.apply(base);

            assertThat(after).as(name).isNotSameAs(base);
            assertThat(after.build()).as(name + " changes the result").isNotEqualTo(before);
            assertThat(base.build()).as(name + " leaves its receiver").isEqualTo(before);
        });
    }

    /** One of the adding verbs, for a key. */
    @FunctionalInterface
    interface Add {
        Adjustment apply(Adjustment adjustment, String key);
    }
}
