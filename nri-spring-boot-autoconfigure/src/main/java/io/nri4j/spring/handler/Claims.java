package io.nri4j.spring.handler;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.nri4j.adjust.Removal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fields an adjustment or update touches, named the way the runtime tracks ownership:
 * map entries and keyed list entries (mounts by path, env by name, ...) one by one, scalars and
 * whole settings (I/O priority, scheduler, seccomp, ...) as one. Two handlers touching the same
 * field would make the runtime report a conflict with the plugin itself; hooks are appended and
 * never conflict.
 */
final class Claims {

    /** Repeated messages owned entry by entry, with the field that names the entry. */
    private static final Map<String, String> KEYED = Map.of(
            "nri.pkg.api.v1alpha1.Mount", "destination",
            "nri.pkg.api.v1alpha1.KeyValue", "key",
            "nri.pkg.api.v1alpha1.LinuxDevice", "path",
            "nri.pkg.api.v1alpha1.POSIXRlimit", "type",
            "nri.pkg.api.v1alpha1.CDIDevice", "name",
            "nri.pkg.api.v1alpha1.LinuxNamespace", "type",
            "nri.pkg.api.v1alpha1.HugepageLimit", "page_size");

    /** Messages walked into; any other message is one setting. */
    private static final Set<String> CONTAINERS = Set.of(
            "nri.pkg.api.v1alpha1.ContainerAdjustment", "nri.pkg.api.v1alpha1.LinuxContainerAdjustment",
            "nri.pkg.api.v1alpha1.LinuxResources", "nri.pkg.api.v1alpha1.LinuxMemory",
            "nri.pkg.api.v1alpha1.LinuxCPU", "nri.pkg.api.v1alpha1.LinuxRdt",
            "nri.pkg.api.v1alpha1.ContainerUpdate", "nri.pkg.api.v1alpha1.LinuxContainerUpdate");

    /** Appended by the runtime, never owned. */
    private static final Set<String> APPENDED = Set.of("hooks", "devices:nri.pkg.api.v1alpha1.LinuxDeviceCgroup",
            "container_id", "ignore_failure");

    private Claims() {
    }

    static Set<String> of(Message message) {
        Set<String> claims = new LinkedHashSet<>();
        collect(fieldMap(message), "", claims);
        return claims;
    }

    /**
     * The message re-read as a {@link DynamicMessage}: a generated message lists its fields by
     * calling its getters through {@code Method.invoke}, for every field, set or not, the costliest
     * part of this walk, and more so with the JVM's native accessors (the chart's options).
     */
    private static Message fieldMap(Message message) {
        try {
            return DynamicMessage.parseFrom(message.getDescriptorForType(), message.toByteString());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("cannot re-read a " + message.getDescriptorForType().getName(), e);
        }
    }

    private static void collect(Message message, String path, Set<String> claims) {
        for (Map.Entry<FieldDescriptor, Object> e : message.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            String name = path + f.getName();
            String type = messageType(f);
            if (APPENDED.contains(f.getName()) || (type != null && APPENDED.contains(f.getName() + ":" + type))) {
                continue;
            }
            FieldDescriptor key = entryKey(f, type);
            if (key != null) {
                for (Object entry : (List<?>) e.getValue()) {
                    claims.add(name + "[" + Removal.unmark(String.valueOf(((Message) entry).getField(key))) + "]");
                }
            } else if (!f.isRepeated() && type != null && CONTAINERS.contains(type)) {
                collect((Message) e.getValue(), name + ".", claims);
            } else {
                claims.add(name);
            }
        }
    }

    /** The field naming each entry of a map or keyed list; null for any other field. */
    private static FieldDescriptor entryKey(FieldDescriptor f, String type) {
        if (f.isMapField()) {
            return f.getMessageType().findFieldByNumber(1);
        }
        if (f.isRepeated() && type != null && KEYED.containsKey(type)) {
            return f.getMessageType().findFieldByName(KEYED.get(type));
        }
        return null;
    }

    /** The field's message type, by full name; null for a scalar, whose getMessageType() throws. */
    private static String messageType(FieldDescriptor f) {
        return f.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? f.getMessageType().getFullName() : null;
    }
}
