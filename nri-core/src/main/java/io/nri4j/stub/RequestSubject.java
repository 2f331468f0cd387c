package io.nri4j.stub;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.internal.log.WireText;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Names the pod or container a request is about, for log lines: described only when a line is
 * written, as most requests write none.
 */
record RequestSubject(Message request) {

    /**
     * Each request type's {@code getPod()} and {@code getContainer()}, looked up once per type:
     * reading them is then a call, without the allocations of protobuf's reflective getField.
     */
    private static final ClassValue<MethodHandle[]> GETTERS = new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> type) {
            return new MethodHandle[] {getter(type, "getPod", PodSandbox.class),
                getter(type, "getContainer", Container.class)};
        }
    };

    @Override
    public String toString() {
        Container c = container(request);
        if (c != Container.getDefaultInstance()) {
            return "container " + WireText.escape(c.getName()) + " (" + WireText.escape(c.getId()) + ")";
        }
        PodSandbox p = pod(request);
        if (p != PodSandbox.getDefaultInstance()) {
            return "pod " + WireText.escape(p.getNamespace()) + "/" + WireText.escape(p.getName()) + " ("
                    + WireText.escape(p.getId()) + ")";
        }
        return request.getDescriptorForType().getName();
    }

    /** The request's {@code pod} field; the default instance when it has none (or no request). */
    static PodSandbox pod(Message request) {
        MethodHandle get = request == null ? null : GETTERS.get(request.getClass())[0];
        if (get == null) {
            return PodSandbox.getDefaultInstance();
        }
        try {
            return (PodSandbox) get.invokeExact(request);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read the pod of " + request.getClass().getSimpleName(), e);
        }
    }

    /** The request's {@code container} field; the default instance when it has none (or no request). */
    static Container container(Message request) {
        MethodHandle get = request == null ? null : GETTERS.get(request.getClass())[1];
        if (get == null) {
            return Container.getDefaultInstance();
        }
        try {
            return (Container) get.invokeExact(request);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read the container of " + request.getClass().getSimpleName(),
                    e);
        }
    }

    /** {@code type}'s public {@code name()} returning {@code result}, taking a Message; null if it has none. */
    private static MethodHandle getter(Class<?> type, String name, Class<?> result) {
        try {
            return MethodHandles.publicLookup().findVirtual(type, name, MethodType.methodType(result))
                    .asType(MethodType.methodType(result, Message.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
