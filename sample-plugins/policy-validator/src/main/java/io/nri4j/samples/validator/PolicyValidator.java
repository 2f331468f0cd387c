package io.nri4j.samples.validator;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import io.nri4j.stub.ValidationResult;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Judges the merged adjustment of every new container by the {@link Policy}. A rejection names
 * each plugin at fault, what it changed and the rule, and counts once for each rule broken in
 * {@code nri.policy.rejections}; the framework counts it as {@code outcome="rejected"} in
 * {@code nri.plugin.requests}.
 */
@Component
class PolicyValidator {

    static final String REJECTIONS = "nri.policy.rejections";

    private static final Logger log = LoggerFactory.getLogger(PolicyValidator.class);

    private final Policy policy;
    private final Map<Rule, Counter> rejections = new EnumMap<>(Rule.class);

    PolicyValidator(Policy policy, MeterRegistry meters) {
        this.policy = policy;
        for (Rule rule : Rule.values()) {
            // Registered at startup, at zero, so that dashboards see every rule before its first rejection.
            rejections.put(rule, Counter.builder(REJECTIONS)
                    .description("Containers refused by the policy, by rule broken")
                    .tag("rule", rule.tag()).register(meters));
        }
    }

    @OnValidateContainerAdjustment
    ValidationResult validate(ValidateContainerAdjustmentRequest request) {
        List<Violation> violations = policy.check(request);
        if (violations.isEmpty()) {
            return ValidationResult.accept();
        }
        violations.stream().map(Violation::rule).distinct().forEach(rule -> rejections.get(rule).increment());
        String reason = violations.stream().map(Violation::describe).collect(Collectors.joining("; "));
        log.warn("refused container {}/{}/{}: {}", request.getPod().getNamespace(), request.getPod().getName(),
                request.getContainer().getName(), reason);
        return ValidationResult.reject(reason);
    }
}
