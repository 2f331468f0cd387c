package io.nri4j.samples.validator;

import io.nri4j.adjust.Annotations;
import io.nri4j.api.v1alpha1.PluginInstance;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.samples.validator.PolicyProperties.Allowance;
import io.nri4j.stub.Enforcement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.Yaml;

/** Checks a validation request against {@link PolicyProperties}: every violation, not just the first. */
@Component
class Policy {

    private final PolicyProperties properties;

    Policy(PolicyProperties properties) {
        this.properties = properties;
    }

    List<Violation> check(ValidateContainerAdjustmentRequest request) {
        List<Violation> violations = new ArrayList<>(missingPlugins(request));
        for (FieldClaim claim : FieldClaim.of(request)) {
            check(claim).ifPresent(violations::add);
        }
        return violations;
    }

    private List<Violation> missingPlugins(ValidateContainerAdjustmentRequest request) {
        Set<String> present = new HashSet<>();
        for (PluginInstance plugin : request.getPluginsList()) {
            present.add(plugin.getName());
            present.add(plugin.getIndex() + "-" + plugin.getName());
        }
        List<Violation> missing = new ArrayList<>();
        for (String required : required(request)) {
            if (!present.contains(required)) {
                missing.add(new Violation(Rule.REQUIRED_PLUGIN, required, "is not running",
                        "this container requires it"));
            }
        }
        return missing;
    }

    private Set<String> required(ValidateContainerAdjustmentRequest request) {
        Set<String> required = new LinkedHashSet<>(properties.getRequiredPlugins());
        String key = properties.getRequiredPluginsAnnotation();
        if (!key.isEmpty()) {
            Annotations.effective(request.getPod(), key, request.getContainer().getName())
                    .ifPresent(value -> required.addAll(yamlList(key, value)));
        }
        return required;
    }

    private static List<String> yamlList(String key, String value) {
        Object parsed = new Yaml().load(value);
        if (parsed instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        throw new IllegalArgumentException("annotation " + key + " must be a YAML list of plugin names, not " + value);
    }

    private Optional<Violation> check(FieldClaim claim) {
        if (claim.kind() == Kind.ANNOTATIONS && claim.key().equals(Enforcement.markerKey(claim.pluginName()))) {
            // An nri4j plugin's mark on the containers it handled: bookkeeping, not a policy change.
            return Optional.empty();
        }
        Allowance own = properties.getPlugins().get(claim.pluginName());
        Set<Kind> kinds = own != null && own.getKinds() != null ? own.getKinds() : properties.getDefaults().getKinds();
        if (!kinds.contains(claim.kind())) {
            return Optional.of(new Violation(Rule.ALLOWED_KINDS, claim.plugin(), claim.describe(),
                    "it may change only " + kinds));
        }
        if (claim.kind() != Kind.ANNOTATIONS) {
            return Optional.empty();
        }
        List<String> prefixes = own != null && !own.getAnnotationPrefixes().isEmpty()
                ? own.getAnnotationPrefixes() : properties.getDefaults().getAnnotationPrefixes();
        if (prefixes.isEmpty() || prefixes.stream().anyMatch(claim.key()::startsWith)) {
            return Optional.empty();
        }
        return Optional.of(new Violation(Rule.ANNOTATION_PREFIX, claim.plugin(), claim.describe(),
                "it may change only annotations starting with " + prefixes));
    }
}
