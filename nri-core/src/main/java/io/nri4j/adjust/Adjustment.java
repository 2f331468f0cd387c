package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.CDIDevice;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.LinuxNetDevice;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.MpolFlag;
import io.nri4j.api.v1alpha1.MpolMode;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalRepeatedString;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.POSIXRlimit;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Builds the {@link ContainerAdjustment} a CreateContainer handler returns, covering every field
 * the runtime lets a plugin adjust. See the package documentation for the immutability and
 * removal-marker rules.
 */
public final class Adjustment implements ResourceChanges<Adjustment> {

    private static final Adjustment EMPTY = new Adjustment(ContainerAdjustment.getDefaultInstance());

    private final ContainerAdjustment adjustment;

    private Adjustment(ContainerAdjustment adjustment) {
        this.adjustment = adjustment;
    }

    /** An empty adjustment. */
    public static Adjustment create() {
        return EMPTY;
    }

    /** Continues from an existing adjustment. */
    public static Adjustment from(ContainerAdjustment adjustment) {
        return new Adjustment(adjustment);
    }

    public ContainerAdjustment build() {
        return adjustment;
    }

    // --- annotations, env, args ---------------------------------------------------------------

    public Adjustment addAnnotation(String key, String value) {
        refuseMarker("annotation", key);
        return with(a -> a.putAnnotations(key, value));
    }

    public Adjustment removeAnnotation(String key) {
        return with(a -> a.putAnnotations(Removal.mark(key), ""));
    }

    public Adjustment addEnv(String name, String value) {
        refuseDuplicate("env", name, adjustment.getEnvList(), KeyValue::getKey);
        return with(a -> a.addEnv(KeyValue.newBuilder().setKey(name).setValue(value)));
    }

    public Adjustment removeEnv(String name) {
        return with(a -> a.addEnv(KeyValue.newBuilder().setKey(Removal.mark(name))));
    }

    /** Replaces the container's args, claiming them; fails if another plugin set them first. */
    public Adjustment setArgs(List<String> args) {
        return with(a -> a.clearArgs().addAllArgs(args));
    }

    public Adjustment setArgs(String... args) {
        return setArgs(Arrays.asList(args));
    }

    /** Replaces the container's args even if another plugin already set them. */
    public Adjustment updateArgs(List<String> args) {
        return with(a -> a.clearArgs().addArgs("").addAllArgs(args));
    }

    // --- mounts, hooks, rlimits, devices -------------------------------------------------------

    public Adjustment addMount(Mount mount) {
        refuseDuplicate("mount", mount.getDestination(), adjustment.getMountsList(), Mount::getDestination);
        return with(a -> a.addMounts(mount));
    }

    public Adjustment addMount(String source, String destination, String type, String... options) {
        return addMount(Mount.newBuilder().setSource(source).setDestination(destination).setType(type)
                .addAllOptions(Arrays.asList(options)).build());
    }

    public Adjustment removeMount(String destination) {
        return with(a -> a.addMounts(Mount.newBuilder().setDestination(Removal.mark(destination))));
    }

    /** Appends OCI hooks; hooks from several plugins are merged, never in conflict. */
    public Adjustment addHooks(Hooks hooks) {
        return with(a -> a.getHooksBuilder()
                .addAllPrestart(hooks.getPrestartList())
                .addAllCreateRuntime(hooks.getCreateRuntimeList())
                .addAllCreateContainer(hooks.getCreateContainerList())
                .addAllStartContainer(hooks.getStartContainerList())
                .addAllPoststart(hooks.getPoststartList())
                .addAllPoststop(hooks.getPoststopList()));
    }

    /** Sets a POSIX rlimit, e.g. {@code RLIMIT_NOFILE}. */
    public Adjustment addRlimit(String type, long hard, long soft) {
        refuseDuplicate("rlimit", type, adjustment.getRlimitsList(), POSIXRlimit::getType);
        return with(a -> a.addRlimits(POSIXRlimit.newBuilder().setType(type).setHard(hard).setSoft(soft)));
    }

    public Adjustment addDevice(LinuxDevice device) {
        refuseDuplicate("device", device.getPath(), adjustment.getLinux().getDevicesList(), LinuxDevice::getPath);
        return withLinux(l -> l.addDevices(device));
    }

    public Adjustment removeDevice(String path) {
        return withLinux(l -> l.addDevices(LinuxDevice.newBuilder().setPath(Removal.mark(path))));
    }

    /** Injects a CDI device by its fully qualified name, e.g. {@code vendor.com/gpu=0}. */
    public Adjustment addCdiDevice(String name) {
        refuseDuplicate("CDI device", name, adjustment.getCDIDevicesList(), CDIDevice::getName);
        return with(a -> a.addCDIDevices(CDIDevice.newBuilder().setName(name)));
    }

    // --- namespaces, net devices, sysctls ------------------------------------------------------

    public Adjustment addOrReplaceNamespace(LinuxNamespace namespace) {
        refuseDuplicate("namespace", namespace.getType(), adjustment.getLinux().getNamespacesList(),
                LinuxNamespace::getType);
        return withLinux(l -> l.addNamespaces(namespace));
    }

    public Adjustment addOrReplaceNamespace(String type, String path) {
        return addOrReplaceNamespace(LinuxNamespace.newBuilder().setType(type).setPath(path).build());
    }

    public Adjustment removeNamespace(String type) {
        return withLinux(l -> l.addNamespaces(LinuxNamespace.newBuilder().setType(Removal.mark(type))));
    }

    /** Moves the host interface {@code hostInterface} into the container as {@code device}. */
    public Adjustment addLinuxNetDevice(String hostInterface, LinuxNetDevice device) {
        refuseMarker("net device", hostInterface);
        return withLinux(l -> l.putNetDevices(hostInterface, device));
    }

    public Adjustment addLinuxNetDevice(String hostInterface, String containerName) {
        return addLinuxNetDevice(hostInterface, LinuxNetDevice.newBuilder().setName(containerName).build());
    }

    public Adjustment removeLinuxNetDevice(String hostInterface) {
        return withLinux(l -> l.putNetDevices(Removal.mark(hostInterface), LinuxNetDevice.getDefaultInstance()));
    }

    public Adjustment setLinuxSysctl(String key, String value) {
        refuseMarker("sysctl", key);
        return withLinux(l -> l.putSysctl(key, value));
    }

    public Adjustment removeLinuxSysctl(String key) {
        return withLinux(l -> l.putSysctl(Removal.mark(key), ""));
    }

    // --- single-valued Linux settings ----------------------------------------------------------

    public Adjustment setLinuxCgroupsPath(String path) {
        return withLinux(l -> l.setCgroupsPath(path));
    }

    public Adjustment setLinuxOomScoreAdj(int score) {
        return withLinux(l -> l.setOomScoreAdj(OptionalInt.newBuilder().setValue(score)));
    }

    public Adjustment setLinuxIoPriority(LinuxIOPriority priority) {
        return withLinux(l -> l.setIoPriority(priority));
    }

    public Adjustment setLinuxSeccompPolicy(LinuxSeccomp policy) {
        return withLinux(l -> l.setSeccompPolicy(policy));
    }

    public Adjustment setLinuxScheduler(LinuxScheduler scheduler) {
        return withLinux(l -> l.setScheduler(scheduler));
    }

    public Adjustment setLinuxMemoryPolicy(MpolMode mode, String nodes, MpolFlag... flags) {
        return withLinux(l -> l.setMemoryPolicy(LinuxMemoryPolicy.newBuilder().setMode(mode).setNodes(nodes)
                .addAllFlags(Arrays.asList(flags))));
    }

    // --- RDT ------------------------------------------------------------------------------------

    public Adjustment setLinuxRdtClosId(String closId) {
        return withLinux(l -> l.getRdtBuilder().setClosId(OptionalString.newBuilder().setValue(closId)));
    }

    public Adjustment setLinuxRdtSchemata(List<String> schemata) {
        return withLinux(l -> l.getRdtBuilder().setSchemata(OptionalRepeatedString.newBuilder().addAllValue(schemata)));
    }

    public Adjustment setLinuxRdtEnableMonitoring(boolean enable) {
        return withLinux(l -> l.getRdtBuilder().setEnableMonitoring(OptionalBool.newBuilder().setValue(enable)));
    }

    /** Drops the container's RDT settings, unless this adjustment also sets some. */
    public Adjustment removeLinuxRdt() {
        return withLinux(l -> l.getRdtBuilder().setRemove(true));
    }

    // --- resources ------------------------------------------------------------------------------

    @Override
    public LinuxResources resources() {
        return adjustment.getLinux().getResources();
    }

    @Override
    public Adjustment withResources(LinuxResources resources) {
        return withLinux(l -> l.setResources(resources));
    }

    // --- internals ------------------------------------------------------------------------------

    private Adjustment with(Consumer<ContainerAdjustment.Builder> change) {
        ContainerAdjustment.Builder builder = adjustment.toBuilder();
        change.accept(builder);
        return new Adjustment(builder.build());
    }

    private Adjustment withLinux(Consumer<LinuxContainerAdjustment.Builder> change) {
        return with(a -> change.accept(a.getLinuxBuilder()));
    }

    /** A key with the marker would silently turn a claim into a removal. */
    static void refuseMarker(String what, String key) {
        if (Removal.isMarked(key)) {
            throw new IllegalArgumentException(what + " \"" + key + "\" starts with the removal marker '-';"
                    + " use the remove method instead");
        }
    }

    /** One claim per entry: the runtime would report a second one as a conflict with ourselves. */
    private static <E> void refuseDuplicate(String what, String key, List<E> entries, Function<E, String> keyOf) {
        refuseMarker(what, key);
        for (E entry : entries) {
            if (keyOf.apply(entry).equals(key)) {
                throw new IllegalArgumentException(what + " \"" + key + "\" is already set in this adjustment");
            }
        }
    }
}
