package io.nri4j.adjust;

import io.nri4j.api.v1alpha1.CDIDevice;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.LinuxNetDevice;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
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
public final class Adjustment implements ResourceChanges<Adjustment>, LinuxSettings {

    private static final Adjustment EMPTY = new Adjustment(ContainerAdjustment.getDefaultInstance());

    private final ContainerAdjustment adjustment;

    private Adjustment(ContainerAdjustment adjustment) {
        this.adjustment = adjustment;
    }

    /** An empty adjustment: no changes to the container. */
    public static Adjustment create() {
        return EMPTY;
    }

    /** Continues from an existing adjustment, e.g. one built with the generated protobuf API. */
    public static Adjustment from(ContainerAdjustment adjustment) {
        return new Adjustment(adjustment);
    }

    /** The adjustment as the message a CreateContainer reply carries. */
    public ContainerAdjustment build() {
        return adjustment;
    }

    // --- annotations, env, args ---------------------------------------------------------------

    /**
     * Sets an annotation on the container, claiming its key.
     *
     * @param key the annotation's key; must not start with the removal marker
     * @param value its value
     */
    public Adjustment addAnnotation(String key, String value) {
        refuseMarker("annotation", key);
        return with(a -> a.putAnnotations(key, value));
    }

    /**
     * Removes an annotation from the container. Followed by {@link #addAnnotation} for the same
     * key, takes the annotation over from the plugin that set it.
     */
    public Adjustment removeAnnotation(String key) {
        return with(a -> a.putAnnotations(Removal.mark(key), ""));
    }

    /**
     * Sets an environment variable in the container, claiming it.
     *
     * @param name the variable's name, e.g. {@code JAVA_OPTS}
     * @param value its value
     */
    public Adjustment addEnv(String name, String value) {
        refuseDuplicate("env", name, adjustment.getEnvList(), KeyValue::getKey);
        return with(a -> a.addEnv(KeyValue.newBuilder().setKey(name).setValue(value)));
    }

    /**
     * Removes an environment variable from the container. Followed by {@link #addEnv} for the
     * same name, takes the variable over from the plugin that set it.
     */
    public Adjustment removeEnv(String name) {
        return with(a -> a.addEnv(KeyValue.newBuilder().setKey(Removal.mark(name))));
    }

    /** Replaces the container's args, claiming them; fails if another plugin set them first. */
    public Adjustment setArgs(List<String> args) {
        return with(a -> a.clearArgs().addAllArgs(args));
    }

    /** Replaces the container's args, claiming them; see {@link #setArgs(List)}. */
    public Adjustment setArgs(String... args) {
        return setArgs(Arrays.asList(args));
    }

    /** Replaces the container's args even if another plugin already set them. */
    public Adjustment updateArgs(List<String> args) {
        return with(a -> a.clearArgs().addArgs("").addAllArgs(args));
    }

    // --- mounts, hooks, rlimits, devices -------------------------------------------------------

    /** Adds a mount to the container, claiming its destination inside the container. */
    public Adjustment addMount(Mount mount) {
        refuseDuplicate("mount", mount.getDestination(), adjustment.getMountsList(), Mount::getDestination);
        return with(a -> a.addMounts(mount));
    }

    /**
     * Adds a mount to the container, claiming its destination. Note the order: source, then
     * destination, then type (the protobuf message lists destination first).
     *
     * @param source what to mount: a host path for a bind mount, or e.g. {@code tmpfs}
     * @param destination the path inside the container
     * @param type the file system type, e.g. {@code bind} or {@code tmpfs}
     * @param options mount options, e.g. {@code rbind}, {@code ro}
     */
    public Adjustment addMount(String source, String destination, String type, String... options) {
        return addMount(Mount.newBuilder().setSource(source).setDestination(destination).setType(type)
                .addAllOptions(Arrays.asList(options)).build());
    }

    /**
     * Removes the mount at {@code destination}, a path inside the container. Followed by
     * {@link #addMount} for the same destination, takes the mount over from the plugin that added it.
     */
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

    /**
     * Sets a POSIX resource limit of the container's process, claiming its type. Note the order:
     * the hard limit comes before the soft one, as upstream's {@code AddRlimit}.
     *
     * @param type the limit, e.g. {@code RLIMIT_NOFILE}
     * @param hard the hard limit (the ceiling for the soft one)
     * @param soft the soft limit (the one in force)
     */
    public Adjustment addRlimit(String type, long hard, long soft) {
        refuseDuplicate("rlimit", type, adjustment.getRlimitsList(), POSIXRlimit::getType);
        return with(a -> a.addRlimits(POSIXRlimit.newBuilder().setType(type).setHard(hard).setSoft(soft)));
    }

    /**
     * Adds a device node to the container, claiming its path inside the container. The device
     * gives path, type ({@code c}, {@code b}), major and minor numbers, and optionally mode,
     * uid and gid.
     */
    public Adjustment addDevice(LinuxDevice device) {
        refuseDuplicate("device", device.getPath(), adjustment.getLinux().getDevicesList(), LinuxDevice::getPath);
        return changeLinux(l -> l.addDevices(device));
    }

    /**
     * Removes the device at {@code path} inside the container. Followed by {@link #addDevice} for
     * the same path, takes the device over from the plugin that added it.
     */
    public Adjustment removeDevice(String path) {
        return changeLinux(l -> l.addDevices(LinuxDevice.newBuilder().setPath(Removal.mark(path))));
    }

    /** Injects a CDI device by its fully qualified name, e.g. {@code vendor.com/gpu=0}. */
    public Adjustment addCdiDevice(String name) {
        refuseDuplicate("CDI device", name, adjustment.getCDIDevicesList(), CDIDevice::getName);
        return with(a -> a.addCDIDevices(CDIDevice.newBuilder().setName(name)));
    }

    // --- namespaces, net devices, sysctls ------------------------------------------------------

    /** Puts the container into a namespace, or a new one of that type; claims the type. */
    public Adjustment addOrReplaceNamespace(LinuxNamespace namespace) {
        refuseDuplicate("namespace", namespace.getType(), adjustment.getLinux().getNamespacesList(),
                LinuxNamespace::getType);
        return changeLinux(l -> l.addNamespaces(namespace));
    }

    /**
     * Puts the container into the namespace at {@code path}, claiming the namespace type.
     *
     * @param type the namespace type, e.g. {@code network}, {@code ipc}, {@code pid}
     * @param path the namespace to join, e.g. {@code /proc/1234/ns/net}; empty for a new one
     */
    public Adjustment addOrReplaceNamespace(String type, String path) {
        return addOrReplaceNamespace(LinuxNamespace.newBuilder().setType(type).setPath(path).build());
    }

    /**
     * Removes the container's namespace of this type (e.g. {@code network}), so that it shares
     * the runtime's; claims the type like {@link #addOrReplaceNamespace(LinuxNamespace)}.
     */
    public Adjustment removeNamespace(String type) {
        return changeLinux(l -> l.addNamespaces(LinuxNamespace.newBuilder().setType(Removal.mark(type))));
    }

    /**
     * Moves a host network interface into the container, claiming it.
     *
     * @param hostInterface the interface's name on the host
     * @param device what it becomes inside the container (its name there)
     */
    public Adjustment addLinuxNetDevice(String hostInterface, LinuxNetDevice device) {
        refuseMarker("net device", hostInterface);
        return changeLinux(l -> l.putNetDevices(hostInterface, device));
    }

    /**
     * Moves a host network interface into the container under another name, claiming it.
     *
     * @param hostInterface the interface's name on the host, e.g. {@code eth1}
     * @param containerName its name inside the container, e.g. {@code net1}
     */
    public Adjustment addLinuxNetDevice(String hostInterface, String containerName) {
        return addLinuxNetDevice(hostInterface, LinuxNetDevice.newBuilder().setName(containerName).build());
    }

    /**
     * Removes the host interface {@code hostInterface} from those moved into the container.
     * Followed by {@link #addLinuxNetDevice} for the same interface, takes it over from the plugin
     * that added it.
     */
    public Adjustment removeLinuxNetDevice(String hostInterface) {
        return changeLinux(l -> l.putNetDevices(Removal.mark(hostInterface), LinuxNetDevice.getDefaultInstance()));
    }

    /**
     * Sets a namespaced sysctl in the container, claiming it. NRI v0.11 runtimes crash on sysctl
     * adjustments; the stub refuses to send one to them.
     *
     * @param key the sysctl, e.g. {@code net.ipv4.ip_forward}
     * @param value its value, e.g. {@code 1}
     */
    public Adjustment setLinuxSysctl(String key, String value) {
        refuseMarker("sysctl", key);
        return changeLinux(l -> l.putSysctl(key, value));
    }

    /**
     * Removes a sysctl from the container. Followed by {@link #setLinuxSysctl} for the same key,
     * takes the sysctl over from the plugin that set it.
     */
    public Adjustment removeLinuxSysctl(String key) {
        return changeLinux(l -> l.putSysctl(Removal.mark(key), ""));
    }

    // --- the Linux part and its resources --------------------------------------------------------

    @Override
    public LinuxContainerAdjustment linux() {
        return adjustment.getLinux();
    }

    @Override
    public Adjustment withLinux(LinuxContainerAdjustment linux) {
        return with(a -> a.setLinux(linux));
    }

    @Override
    public LinuxResources resources() {
        return adjustment.getLinux().getResources();
    }

    @Override
    public Adjustment withResources(LinuxResources resources) {
        return changeLinux(l -> l.setResources(resources));
    }

    // --- internals ------------------------------------------------------------------------------

    private Adjustment with(Consumer<ContainerAdjustment.Builder> change) {
        ContainerAdjustment.Builder builder = adjustment.toBuilder();
        change.accept(builder);
        return new Adjustment(builder.build());
    }

    private Adjustment changeLinux(Consumer<LinuxContainerAdjustment.Builder> change) {
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
