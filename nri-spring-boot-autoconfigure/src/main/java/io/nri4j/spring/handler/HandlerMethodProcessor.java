package io.nri4j.spring.handler;

import io.nri4j.spring.annotation.OnEscapedContainer;
import io.nri4j.spring.config.NriConfigBinder;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.core.annotation.Order;
import org.springframework.core.annotation.OrderUtils;
import org.springframework.core.annotation.RepeatableContainers;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Finds the handler methods once every singleton exists, before any lifecycle starts (and so
 * before the stub connects), checks each and registers it. Classes without handler methods are
 * remembered and skipped, as Spring's own event listener processor does.
 */
public final class HandlerMethodProcessor implements SmartInitializingSingleton {

    private static final Map<Class<? extends Annotation>, NriRequest> BY_ANNOTATION = Stream.of(NriRequest.values())
            .collect(Collectors.toUnmodifiableMap(NriRequest::annotation, Function.identity()));
    private static final Set<Class<? extends Annotation>> ANNOTATIONS = Stream.concat(
            BY_ANNOTATION.keySet().stream(), Stream.of(OnEscapedContainer.class))
            .collect(Collectors.toUnmodifiableSet());

    private final ConfigurableListableBeanFactory beanFactory;
    private final HandlerRegistry registry;
    private final NriConfigBinder config;
    private final Set<Class<?>> nonAnnotatedClasses = ConcurrentHashMap.newKeySet();

    public HandlerMethodProcessor(ConfigurableListableBeanFactory beanFactory, HandlerRegistry registry,
            NriConfigBinder config) {
        this.beanFactory = beanFactory;
        this.registry = registry;
        this.config = config;
    }

    @Override
    public void afterSingletonsInstantiated() {
        for (String beanName : beanFactory.getBeanNamesForType(Object.class, false, false)) {
            if (ScopedProxyUtils.isScopedTarget(beanName)) {
                continue;
            }
            Class<?> type = AutoProxyUtils.determineTargetClass(beanFactory, beanName);
            if (type == null || nonAnnotatedClasses.contains(type) || !searched(type)) {
                continue;
            }
            if (!declaresHandlers(type)) {
                nonAnnotatedClasses.add(type);
                continue;
            }
            Map<Method, NriRequest> annotated = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<NriRequest>) HandlerMethodProcessor::requestOf);
            Map<Method, OnEscapedContainer> escapes = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<OnEscapedContainer>) m ->
                            AnnotatedElementUtils.findMergedAnnotation(m, OnEscapedContainer.class));
            if (annotated.isEmpty() && escapes.isEmpty()) {
                nonAnnotatedClasses.add(type);
                continue;
            }
            Object bean = beanFactory.getBean(beanName);
            annotated.forEach((method, request) -> {
                if (escapes.containsKey(method)) {
                    throw new HandlerDefinitionException(method, "it is annotated " + request.annotationName()
                            + " and @OnEscapedContainer", "Handle each request in a method of its own.");
                }
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                registry.add(HandlerMethod.of(bean, invocable, request, order(method, type, bean), config));
            });
            escapes.keySet().forEach(method -> registry.addEscape(EscapeMethod.of(bean,
                    AopUtils.selectInvocableMethod(method, bean.getClass()), order(method, type, bean))));
        }
    }

    /**
     * Whether a bean's class is searched for handler methods: not the JDK's (as Spring's own
     * annotation searches decide) and not Spring's. Spring's and Spring Boot's classes are most of
     * a plugin's beans (244 of the 293 classes searched in the benchmark's plugin; the figures are
     * in docs/benchmarks.md), and a handler is an application's method.
     */
    static boolean searched(Class<?> type) {
        return !type.getName().startsWith("org.springframework.")
                && AnnotationUtils.isCandidateClass(type, ANNOTATIONS);
    }

    /**
     * Whether a method of the type, of a superclass or of an interface carries a request
     * annotation, where a handler method's annotation can be: the request annotations apply to
     * methods only, so they cannot come through another annotation. One look at each method per
     * class, where the search that follows looks up each method's hierarchy: searching every
     * method of every bean that way took 150-270 ms of a Spring plugin's start, and few of the
     * beans {@link #searched} leaves have a handler.
     */
    private static boolean declaresHandlers(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (declaresHandler(c)) {
                return true;
            }
        }
        for (Class<?> ifc : ClassUtils.getAllInterfacesForClassAsSet(type)) {
            if (declaresHandler(ifc)) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresHandler(Class<?> c) {
        for (Method method : ReflectionUtils.getDeclaredMethods(c)) {
            for (Annotation annotation : method.getDeclaredAnnotations()) {
                if (ANNOTATIONS.contains(annotation.annotationType())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The request a method handles; two annotations on one method are an error. Found as
     * {@code AnnotatedElementUtils.hasAnnotation} finds an annotation (on the method or on a method
     * it overrides or implements), in one search for all request types rather than one each.
     */
    private static NriRequest requestOf(Method method) {
        Set<NriRequest> found = EnumSet.noneOf(NriRequest.class);
        MergedAnnotations.from(method, SearchStrategy.TYPE_HIERARCHY, RepeatableContainers.none()).stream()
                .map(annotation -> BY_ANNOTATION.get(annotation.getType()))
                .filter(Objects::nonNull)
                .forEach(found::add);
        if (found.size() > 1) {
            throw new HandlerDefinitionException(method, "it is annotated "
                    + found.stream().map(NriRequest::annotationName).toList(),
                    "Handle each request in a method of its own.");
        }
        return found.isEmpty() ? null : found.iterator().next();
    }

    private static int order(Method method, Class<?> type, Object bean) {
        Order onMethod = AnnotationUtils.findAnnotation(method, Order.class);
        if (onMethod != null) {
            return onMethod.value();
        }
        if (bean instanceof Ordered ordered) {
            return ordered.getOrder();
        }
        return OrderUtils.getOrder(type, Ordered.LOWEST_PRECEDENCE);
    }
}
