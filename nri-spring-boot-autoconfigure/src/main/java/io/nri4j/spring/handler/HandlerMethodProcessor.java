package io.nri4j.spring.handler;

import io.nri4j.spring.config.NriConfigBinder;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.annotation.Order;
import org.springframework.core.annotation.OrderUtils;

/**
 * Finds the handler methods once every singleton exists, before any lifecycle starts (and so
 * before the stub connects), checks each and registers it. Classes without handler methods are
 * remembered and skipped, as Spring's own event listener processor does.
 */
public final class HandlerMethodProcessor implements SmartInitializingSingleton {

    private static final List<Class<? extends Annotation>> ANNOTATIONS = List.of(NriRequest.values()).stream()
            .<Class<? extends Annotation>>map(NriRequest::annotation).toList();

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
            if (type == null || nonAnnotatedClasses.contains(type)
                    || !AnnotationUtils.isCandidateClass(type, ANNOTATIONS)) {
                continue;
            }
            Map<Method, NriRequest> annotated = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<NriRequest>) HandlerMethodProcessor::requestOf);
            if (annotated.isEmpty()) {
                nonAnnotatedClasses.add(type);
                continue;
            }
            Object bean = beanFactory.getBean(beanName);
            annotated.forEach((method, request) -> {
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                registry.add(HandlerMethod.of(beanName, bean, invocable, request, order(method, type, bean), config));
            });
        }
    }

    /** The request a method handles; two annotations on one method are an error. */
    private static NriRequest requestOf(Method method) {
        List<NriRequest> found = new ArrayList<>();
        for (NriRequest request : NriRequest.values()) {
            if (AnnotatedElementUtils.hasAnnotation(method, request.annotation())) {
                found.add(request);
            }
        }
        if (found.size() > 1) {
            throw new HandlerDefinitionException(method, "it is annotated "
                    + found.stream().map(NriRequest::annotationName).toList(),
                    "Handle each request in a method of its own.");
        }
        return found.isEmpty() ? null : found.get(0);
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
