package io.nri4j.spring.handler;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.NriConfig;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RuntimeInfo;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;

/**
 * Works out, once at startup, where each parameter of a handler method comes from: chosen by
 * type among what the request offers. A type the request cannot provide, or two parameters of
 * one type, is an error naming the method and listing what it could have.
 */
final class Arguments {

    private Arguments() {
    }

    static List<Argument> resolve(Method method, NriRequest request, NriConfigBinder config) {
        Map<ResolvableType, Argument> offered = offered(request);
        List<Argument> arguments = new ArrayList<>();
        List<ResolvableType> seen = new ArrayList<>();
        for (int i = 0; i < method.getParameterCount(); i++) {
            Parameter parameter = method.getParameters()[i];
            if (parameter.isAnnotationPresent(NriConfig.class)) {
                Class<?> type = parameter.getType();
                config.register(type);
                arguments.add((req, ctx) -> config.get(type));
                continue;
            }
            ResolvableType type = ResolvableType.forMethodParameter(new MethodParameter(method, i));
            Argument argument = lookup(offered, type);
            if (argument == null) {
                throw new HandlerDefinitionException(method, request.annotationName()
                        + " cannot provide a parameter of type " + simpleName(type),
                        "Use parameters of these types, in any order: " + describe(offered.keySet())
                        + ", or a @NriConfig parameter.");
            }
            for (ResolvableType earlier : seen) {
                if (earlier.equals(type)) {
                    throw new HandlerDefinitionException(method, "two parameters of type " + simpleName(type),
                            "Declare each type at most once.");
                }
            }
            seen.add(type);
            arguments.add(argument);
        }
        return arguments;
    }

    /** The value for exactly this type, generics included: a List of pods is not a List of containers. */
    static <V> V lookup(Map<ResolvableType, V> byType, ResolvableType type) {
        for (Map.Entry<ResolvableType, V> entry : byType.entrySet()) {
            ResolvableType candidate = entry.getKey();
            if (candidate.hasGenerics() == type.hasGenerics() && candidate.isAssignableFrom(type)
                    && type.isAssignableFrom(candidate)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /** What a request offers, by type. */
    private static Map<ResolvableType, Argument> offered(NriRequest request) {
        Map<ResolvableType, Argument> offered = new LinkedHashMap<>();
        offered.put(ResolvableType.forClass(request.requestType()), (req, ctx) -> req);
        var fields = descriptor(request);
        field(offered, fields.findFieldByName("pod"), PodSandbox.class);
        field(offered, fields.findFieldByName("container"), Container.class);
        field(offered, fields.findFieldByName("linux_resources"), LinuxResources.class);
        field(offered, fields.findFieldByName("adjust"), ContainerAdjustment.class);
        if (request == NriRequest.SYNCHRONIZE) {
            offered.put(ResolvableType.forClassWithGenerics(List.class, PodSandbox.class),
                    (req, ctx) -> req.getField(fields.findFieldByName("pods")));
            offered.put(ResolvableType.forClassWithGenerics(List.class, Container.class),
                    (req, ctx) -> req.getField(fields.findFieldByName("containers")));
        }
        if (request == NriRequest.CONFIGURE) {
            offered.put(ResolvableType.forClass(String.class),
                    (req, ctx) -> req.getField(fields.findFieldByName("config")));
        }
        if (request == NriRequest.SHUTDOWN) {
            offered.put(ResolvableType.forClass(String.class),
                    (req, ctx) -> req.getField(fields.findFieldByName("reason")));
        }
        offered.put(ResolvableType.forClass(RequestContext.class), (req, ctx) -> ctx);
        offered.put(ResolvableType.forClass(RuntimeInfo.class), (req, ctx) -> ctx.runtime());
        return offered;
    }

    private static void field(Map<ResolvableType, Argument> offered, FieldDescriptor field, Class<?> type) {
        if (field != null) {
            offered.put(ResolvableType.forClass(type), (req, ctx) -> req.getField(field));
        }
    }

    private static Descriptor descriptor(NriRequest request) {
        try {
            return (Descriptor) request.requestType()
                    .getMethod("getDescriptor").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static String describe(Iterable<ResolvableType> types) {
        List<String> names = new ArrayList<>();
        for (ResolvableType type : types) {
            names.add(simpleName(type));
        }
        return String.join(", ", names);
    }

    static String simpleName(ResolvableType type) {
        String name = type.resolve(Object.class).getSimpleName();
        return type.hasGenerics() ? name + "<" + simpleName(type.getGeneric(0)) + ">" : name;
    }
}
