package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.RequestContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;
import org.springframework.util.ReflectionUtils;

/**
 * One checked handler method, ready to run: where each argument comes from and how its return
 * value becomes a {@link Contribution} were settled at startup.
 *
 * @param order from {@code @Order} on the method or its bean; lower runs first
 */
public record HandlerMethod(String beanName, Object bean, Method method, NriRequest request, int order,
        List<Argument> arguments, Function<Object, Contribution> results) {

    /** Checks the method against its request and prepares it; fails naming the method. */
    static HandlerMethod of(String beanName, Object bean, Method method, NriRequest request, int order,
            NriConfigBinder config) {
        List<Argument> arguments = Arguments.resolve(method, request, config);
        Function<Object, Contribution> results = Results.converter(method, request);
        ReflectionUtils.makeAccessible(method);
        return new HandlerMethod(beanName, bean, method, request, order, arguments, results);
    }

    Contribution invoke(Message request, RequestContext context) throws Exception {
        Object[] args = new Object[arguments.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = arguments.get(i).resolve(request, context);
        }
        try {
            return results.apply(method.invoke(bean, args));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw (Error) cause;
        }
    }

    /** {@code Greeter.greet(Container)}, for messages. */
    public String describe() {
        return HandlerDefinitionException.describe(method);
    }
}
