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
import java.util.ArrayList;
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
        Map<String, Function<Object, Contribution>> allowed = allowed(request.result());
        if (type.resolve() == void.class || type.resolve() == Void.class) {
            return value -> Contribution.NOTHING;
        }
        Function<Object, Contribution> converter = allowed.get(Arguments.simpleName(type));
        if (converter == null) {
            List<String> options = new ArrayList<>(allowed.keySet());
            options.add(0, "void");
            throw new HandlerDefinitionException(method, request.annotationName() + " cannot return "
                    + Arguments.simpleName(type), "Return one of: " + String.join(", ", options) + ".");
        }
        return value -> value == null ? Contribution.NOTHING : converter.apply(value);
    }

    private static Map<String, Function<Object, Contribution>> allowed(NriRequest.Result result) {
        Map<String, Function<Object, Contribution>> allowed = new LinkedHashMap<>();
        switch (result) {
            case NONE -> { }
            case MASK -> allowed.put("EventMask", v -> Contribution.mask((EventMask) v));
            case UPDATES -> addUpdates(allowed);
            case ADJUSTMENT -> {
                allowed.put("CreateContainerResult", v -> {
                    CreateContainerResult r = (CreateContainerResult) v;
                    return Contribution.adjustment(r.adjustment(), r.updates(), r.evictions());
                });
                allowed.put("Adjustment", v -> Contribution.adjustment(((Adjustment) v).build(), List.of(), List.of()));
                allowed.put("ContainerAdjustment", v -> Contribution.adjustment((ContainerAdjustment) v, List.of(), List.of()));
            }
            case UPDATE_RESULT -> {
                allowed.put("UpdateContainerResult", v -> {
                    UpdateContainerResult r = (UpdateContainerResult) v;
                    return Contribution.updates(r.updates(), r.evictions());
                });
                addUpdates(allowed);
            }
            case VERDICT -> allowed.put("ValidationResult", v -> Contribution.verdict((ValidationResult) v));
        }
        return allowed;
    }

    @SuppressWarnings("unchecked")
    private static void addUpdates(Map<String, Function<Object, Contribution>> allowed) {
        allowed.put("List<ContainerUpdate>", v -> Contribution.updates((List<ContainerUpdate>) v, List.of()));
        allowed.put("List<Update>", v -> Contribution.updates(
                ((List<Update>) v).stream().map(Update::build).toList(), List.of()));
    }
}
