package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.UpdateContainerResult;
import io.nri4j.stub.ValidationResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The handler methods of one request, run in order as one handler. Their results are merged the
 * way the runtime merges plugins: adjustments and updates field by field, where two methods
 * touching one field is an error naming both; validation rejects if any method rejects;
 * subscriptions narrow each other. The first method that throws fails the request.
 */
final class HandlerChain {

    private final NriRequest request;
    private final List<HandlerMethod> methods;

    HandlerChain(NriRequest request, List<HandlerMethod> methods) {
        this.request = request;
        this.methods = List.copyOf(methods);
    }

    void notify(Message message, RequestContext context) throws Exception {
        for (HandlerMethod method : methods) {
            method.invoke(message, context);
        }
    }

    EventMask mask(Message message, RequestContext context) throws Exception {
        EventMask mask = null;
        for (HandlerMethod method : methods) {
            EventMask m = method.invoke(message, context).mask();
            if (m != null && !m.isEmpty()) {
                mask = mask == null ? m : mask.and(m);
            }
        }
        return mask;
    }

    ValidationResult verdict(Message message, RequestContext context) throws Exception {
        for (HandlerMethod method : methods) {
            ValidationResult verdict = method.invoke(message, context).verdict();
            if (verdict != null && verdict.rejected()) {
                return verdict;
            }
        }
        return ValidationResult.accept();
    }

    List<ContainerUpdate> updates(Message message, RequestContext context) throws Exception {
        return new Merge().run(message, context).updates();
    }

    UpdateContainerResult updateResult(Message message, RequestContext context) throws Exception {
        Merge merge = new Merge().run(message, context);
        return new UpdateContainerResult(merge.updates(), merge.evictions);
    }

    CreateContainerResult createResult(Message message, RequestContext context) throws Exception {
        Merge merge = new Merge().run(message, context);
        return new CreateContainerResult(merge.adjustment(), merge.updates(), merge.evictions);
    }

    /** Accumulates contributions, remembering which method claimed which field. */
    private final class Merge {

        /** The one adjustment so far, as the method returned it: most chains have one method. */
        private ContainerAdjustment single;
        /** The adjustments merged, once a second one came. */
        private ContainerAdjustment.Builder merged;
        final Map<String, ContainerUpdate.Builder> updates = new LinkedHashMap<>();
        final List<ContainerEviction> evictions = new ArrayList<>();
        private final Map<String, HandlerMethod> owners = new HashMap<>();

        Merge run(Message message, RequestContext context) throws Exception {
            for (HandlerMethod method : methods) {
                Contribution c = method.invoke(message, context);
                if (c.adjustment() != null) {
                    claim(method, "", c.adjustment());
                    add(c.adjustment());
                }
                for (ContainerUpdate u : c.updates()) {
                    claim(method, "update of " + u.getContainerId() + ": ", u);
                    ContainerUpdate.Builder merged = updates.get(u.getContainerId());
                    if (merged == null) {
                        updates.put(u.getContainerId(), u.toBuilder());
                    } else {
                        // The update may be skipped on failure only if every part may.
                        boolean ignore = merged.getIgnoreFailure() && u.getIgnoreFailure();
                        merged.mergeFrom(u).setIgnoreFailure(ignore);
                    }
                }
                evictions.addAll(c.evictions());
            }
            return this;
        }

        List<ContainerUpdate> updates() {
            if (updates.isEmpty()) {
                return List.of();
            }
            return updates.values().stream().map(ContainerUpdate.Builder::build).toList();
        }

        ContainerAdjustment adjustment() {
            if (merged != null) {
                return merged.build();
            }
            return single != null ? single : ContainerAdjustment.getDefaultInstance();
        }

        private void add(ContainerAdjustment a) {
            if (merged == null && single == null) {
                single = a;
                return;
            }
            if (merged == null) {
                merged = single.toBuilder();
                single = null;
            }
            merged.mergeFrom(a);
        }

        private void claim(HandlerMethod method, String scope, Message part) {
            if (methods.size() == 1) {
                // One method cannot conflict with itself; walking its answer's fields (protobuf
                // reflection) was the costliest step of a Spring request.
                return;
            }
            for (String field : Claims.of(part)) {
                String key = scope + field;
                HandlerMethod owner = owners.putIfAbsent(key, method);
                if (owner != null && owner != method) {
                    throw new HandlerConflictException(request.annotationName() + " handlers " + owner.describe()
                            + " and " + method.describe() + " both set " + key
                            + "; the runtime would refuse that as a conflict");
                }
            }
        }
    }
}
