package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.RequestContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.List;
import java.util.function.Function;
import org.springframework.util.ReflectionUtils;

/**
 * One checked handler method, ready to run: where each argument comes from and how its return
 * value becomes a {@link Contribution} were settled at startup. Immutable; any thread.
 */
public final class HandlerMethod {

    private final Object bean;
    private final Method method;
    private final NriRequest request;
    private final int order;
    private final Argument[] arguments;
    private final Function<Object, Contribution> results;
    /** {@code (Object bean, Object[] args) Object}; {@code Method.invoke} checked receiver and arguments each call. */
    private final MethodHandle invoker;

    private HandlerMethod(Object bean, Method method, NriRequest request, int order,
            List<Argument> arguments, Function<Object, Contribution> results, MethodHandle invoker) {
        this.bean = bean;
        this.method = method;
        this.request = request;
        this.order = order;
        this.arguments = arguments.toArray(Argument[]::new);
        this.results = results;
        this.invoker = invoker;
    }

    /**
     * Checks the method against its request and prepares it; fails naming the method.
     *
     * @param order from {@code @Order} on the method or its bean; lower runs first
     */
    static HandlerMethod of(Object bean, Method method, NriRequest request, int order,
            NriConfigBinder config) {
        List<Argument> arguments = Arguments.resolve(method, request, config);
        Function<Object, Contribution> results = Results.converter(method, request);
        ReflectionUtils.makeAccessible(method);
        return new HandlerMethod(bean, method, request, order, arguments, results, invoker(method));
    }

    private static MethodHandle invoker(Method method) {
        try {
            MethodHandle handle = MethodHandles.lookup().unreflect(method);
            if (Modifier.isStatic(method.getModifiers())) {
                handle = MethodHandles.dropArguments(handle, 0, Object.class);
            }
            return handle.asType(MethodType.genericMethodType(method.getParameterCount() + 1))
                    .asSpreader(1, Object[].class, method.getParameterCount());
        } catch (IllegalAccessException e) {
            throw new HandlerDefinitionException(method, "cannot be called: " + e.getMessage(),
                    "Make the method and its class accessible to the application.");
        }
    }

    Contribution invoke(Message message, RequestContext context) throws Exception {
        Object[] args = new Object[arguments.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = arguments[i].resolve(message, context);
        }
        Object result;
        try {
            result = (Object) invoker.invokeExact(bean, args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
        }
        return results.apply(result);
    }

    NriRequest request() {
        return request;
    }

    int order() {
        return order;
    }

    /** {@code Greeter.greet(Container)}, for messages. */
    public String describe() {
        return HandlerDefinitionException.describe(method);
    }
}
