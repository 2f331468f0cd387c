package io.nri4j.spring.handler;

import java.lang.reflect.Method;
import org.springframework.beans.factory.BeanInitializationException;

/** A handler method that cannot work as declared; startup fails with this. */
public class HandlerDefinitionException extends BeanInitializationException {

    private static final long serialVersionUID = 1L;

    private final transient Method method;
    private final String problem;
    private final String action;

    public HandlerDefinitionException(Method method, String problem, String action) {
        super(describe(method) + ": " + problem + ". " + action);
        this.method = method;
        this.problem = describe(method) + ": " + problem;
        this.action = action;
    }

    /** What is wrong, naming the method. */
    public String problem() {
        return problem;
    }

    /** The method, if the problem is with one method. */
    public Method method() {
        return method;
    }

    /** What to change. */
    public String action() {
        return action;
    }

    /** {@code Greeter.greet(Container)}. */
    public static String describe(Method method) {
        StringBuilder sb = new StringBuilder(method.getDeclaringClass().getSimpleName()).append('.')
                .append(method.getName()).append('(');
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
        }
        return sb.append(')').toString();
    }
}
