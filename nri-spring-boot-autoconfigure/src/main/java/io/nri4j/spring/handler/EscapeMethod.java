package io.nri4j.spring.handler;

import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.CatchUp;
import io.nri4j.stub.EscapeCause;
import io.nri4j.stub.EscapedContainer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.springframework.util.ReflectionUtils;

/**
 * One checked {@code @OnEscapedContainer} method: its parameters chosen by type among what an
 * escape offers, its return value turned into a {@link CatchUp}.
 */
record EscapeMethod(Object bean, Method method, int order, List<Function<EscapedContainer, Object>> arguments) {

    private static final Map<Class<?>, Function<EscapedContainer, Object>> OFFERED = Map.of(
            EscapedContainer.class, e -> e,
            Container.class, EscapedContainer::container,
            PodSandbox.class, EscapedContainer::pod,
            EscapeCause.class, EscapedContainer::cause);

    /** Checks the method; fails naming it. */
    static EscapeMethod of(Object bean, Method method, int order) {
        List<Function<EscapedContainer, Object>> arguments = new ArrayList<>();
        Set<Class<?>> seen = new HashSet<>();
        for (Class<?> type : method.getParameterTypes()) {
            Function<EscapedContainer, Object> argument = OFFERED.get(type);
            if (argument == null) {
                throw new HandlerDefinitionException(method, "@OnEscapedContainer cannot provide a parameter of type "
                        + type.getSimpleName(), "Use parameters of these types, in any order: EscapedContainer,"
                        + " Container, PodSandbox, EscapeCause.");
            }
            if (!seen.add(type)) {
                throw new HandlerDefinitionException(method, "two parameters of type " + type.getSimpleName(),
                        "Declare each type at most once.");
            }
            arguments.add(argument);
        }
        Class<?> returned = method.getReturnType();
        if (returned != void.class && returned != CatchUp.class && returned != Update.class) {
            throw new HandlerDefinitionException(method, "@OnEscapedContainer cannot return "
                    + returned.getSimpleName(), "Return one of: void, CatchUp, Update.");
        }
        ReflectionUtils.makeAccessible(method);
        return new EscapeMethod(bean, method, order, List.copyOf(arguments));
    }

    CatchUp invoke(EscapedContainer escaped) throws Exception {
        Object[] args = new Object[arguments.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = arguments.get(i).apply(escaped);
        }
        Object result;
        try {
            result = method.invoke(bean, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw (Error) e.getCause();
        }
        if (result instanceof Update update) {
            return CatchUp.update(update);
        }
        return result instanceof CatchUp catchUp ? catchUp : CatchUp.none();
    }

    /** Runs the methods in order: an eviction wins; updates are merged. */
    static CatchUp chain(List<EscapeMethod> methods, EscapedContainer escaped) throws Exception {
        Update merged = null;
        for (EscapeMethod m : methods) {
            CatchUp what = m.invoke(escaped);
            if (what instanceof CatchUp.Evict) {
                return what;
            }
            if (what instanceof CatchUp.Apply apply) {
                merged = merged == null ? apply.update() : merge(merged, apply.update());
            }
        }
        return merged == null ? CatchUp.none() : CatchUp.update(merged);
    }

    private static Update merge(Update first, Update second) {
        return first.withResources(first.resources().toBuilder().mergeFrom(second.resources()).build());
    }
}
