package io.nri4j.spring.handler;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.UpdateContainerResult;
import io.nri4j.stub.ValidationResult;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.core.ResolvableType;

/**
 * Checks, once at startup, that a handler method returns something its request can carry, and
 * turns each return value into a {@link Contribution}.
 */
final class Results {

    private Results() {
    }

    static Function<Object, Contribution> converter(Method method, NriRequest request) {
        ResolvableType type = ResolvableType.forMethodReturnType(method);
        Map<ResolvableType, Function<Object, Contribution>> allowed = allowed(request.result());
        if (type.resolve() == void.class || type.resolve() == Void.class) {
            return value -> Contribution.NOTHING;
        }
        Function<Object, Contribution> converter = Arguments.lookup(allowed, type);
        if (converter == null) {
            String options = allowed.isEmpty() ? "" : ", " + Arguments.describe(allowed.keySet());
            throw new HandlerDefinitionException(method, request.annotationName() + " cannot return "
                    + Arguments.simpleName(type), "Return one of: void" + options + ".");
        }
        return value -> value == null ? Contribution.NOTHING : converter.apply(value);
    }

    private static Map<ResolvableType, Function<Object, Contribution>> allowed(NriRequest.Result result) {
        Map<ResolvableType, Function<Object, Contribution>> allowed = new LinkedHashMap<>();
        switch (result) {
            case NONE -> { }
            case MASK -> allowed.put(ResolvableType.forClass(EventMask.class), v -> Contribution.mask((EventMask) v));
            case UPDATES -> addUpdates(allowed);
            case ADJUSTMENT -> {
                allowed.put(ResolvableType.forClass(CreateContainerResult.class), v -> {
                    CreateContainerResult r = (CreateContainerResult) v;
                    return Contribution.adjustment(r.adjustment(), r.updates(), r.evictions());
                });
                allowed.put(ResolvableType.forClass(Adjustment.class),
                        v -> Contribution.adjustment(((Adjustment) v).build(), List.of(), List.of()));
                allowed.put(ResolvableType.forClass(ContainerAdjustment.class),
                        v -> Contribution.adjustment((ContainerAdjustment) v, List.of(), List.of()));
            }
            case UPDATE_RESULT -> {
                allowed.put(ResolvableType.forClass(UpdateContainerResult.class), v -> {
                    UpdateContainerResult r = (UpdateContainerResult) v;
                    return Contribution.updates(r.updates(), r.evictions());
                });
                addUpdates(allowed);
            }
            case VERDICT -> allowed.put(ResolvableType.forClass(ValidationResult.class),
                    v -> Contribution.verdict((ValidationResult) v));
        }
        return allowed;
    }

    @SuppressWarnings("unchecked")
    private static void addUpdates(Map<ResolvableType, Function<Object, Contribution>> allowed) {
        allowed.put(ResolvableType.forClassWithGenerics(List.class, ContainerUpdate.class),
                v -> Contribution.updates((List<ContainerUpdate>) v, List.of()));
        allowed.put(ResolvableType.forClassWithGenerics(List.class, Update.class), v -> Contribution.updates(
                ((List<Update>) v).stream().map(Update::build).toList(), List.of()));
    }
}
