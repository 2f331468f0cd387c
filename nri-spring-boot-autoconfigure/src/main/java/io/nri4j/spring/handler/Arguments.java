package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.NriConfig;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RuntimeInfo;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.UndeclaredThrowableException;
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
        getter(offered, request, "getPod", ResolvableType.forClass(PodSandbox.class));
        getter(offered, request, "getContainer", ResolvableType.forClass(Container.class));
        getter(offered, request, "getLinuxResources", ResolvableType.forClass(LinuxResources.class));
        getter(offered, request, "getAdjust", ResolvableType.forClass(ContainerAdjustment.class));
        if (request == NriRequest.SYNCHRONIZE) {
            getter(offered, request, "getPodsList", ResolvableType.forClassWithGenerics(List.class, PodSandbox.class));
            getter(offered, request, "getContainersList",
                    ResolvableType.forClassWithGenerics(List.class, Container.class));
        }
        if (request == NriRequest.CONFIGURE) {
            getter(offered, request, "getConfig", ResolvableType.forClass(String.class));
        }
        if (request == NriRequest.SHUTDOWN) {
            getter(offered, request, "getReason", ResolvableType.forClass(String.class));
        }
        offered.put(ResolvableType.forClass(RequestContext.class), (req, ctx) -> ctx);
        offered.put(ResolvableType.forClass(RuntimeInfo.class), (req, ctx) -> ctx.runtime());
        return offered;
    }

    /**
     * Offers the request's generated getter {@code name}, where the request has it, called through
     * a handle: protobuf's reflective {@code getField} took a {@code Method.invoke} with a walk of
     * the stack for its caller, about 1.4 µs a request.
     */
    private static void getter(Map<ResolvableType, Argument> offered, NriRequest request, String name,
            ResolvableType type) {
        Method method;
        try {
            method = request.requestType().getMethod(name);
        } catch (NoSuchMethodException e) {
            return;
        }
        if (method.getReturnType() != type.resolve()) {
            return;
        }
        MethodHandle getter;
        try {
            getter = MethodHandles.publicLookup().unreflect(method)
                    .asType(MethodType.methodType(Object.class, Message.class));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(method + " cannot be called", e);
        }
        offered.put(type, (req, ctx) -> get(getter, req));
    }

    private static Object get(MethodHandle getter, Message request) {
        try {
            return (Object) getter.invokeExact(request);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
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
