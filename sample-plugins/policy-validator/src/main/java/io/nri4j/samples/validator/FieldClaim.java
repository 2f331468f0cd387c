package io.nri4j.samples.validator;

import io.nri4j.api.v1alpha1.Field;
import io.nri4j.api.v1alpha1.FieldOwners;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One entry of the owners a validation request carries: which plugin set, or removed, which
 * field of the new container. The wire form is a map of field numbers to owner strings
 * ({@code "10-injector"}, {@code "-10-injector"} for a removal, comma-separated for hooks,
 * which several plugins may add); this is the same, typed.
 *
 * @param plugin the plugin as the runtime names it, index and name: {@code 10-injector}
 * @param field the field
 * @param key the entry within the field (annotation key, variable name, mount path, ...); empty
 *     for single-valued fields such as the memory limit
 * @param removed whether the plugin removed the entry rather than set it
 */
record FieldClaim(String plugin, Field field, String key, boolean removed) {

    /** The claims on the container being created, ordered by field and key. */
    static List<FieldClaim> of(ValidateContainerAdjustmentRequest request) {
        FieldOwners owners = request.getOwners().getOwnersMap().get(request.getContainer().getId());
        if (owners == null) {
            return List.of();
        }
        List<FieldClaim> claims = new ArrayList<>();
        owners.getSimpleMap().forEach((number, owner) -> add(claims, number, "", owner));
        owners.getCompoundMap().forEach((number, entries) ->
                entries.getOwnersMap().forEach((key, owner) -> add(claims, number, key, owner)));
        claims.sort(Comparator.comparing((FieldClaim c) -> c.field().ordinal()).thenComparing(FieldClaim::key));
        return claims;
    }

    private static void add(List<FieldClaim> claims, int number, String key, String owners) {
        Field field = Field.forNumber(number);
        for (String owner : owners.split(",")) {
            boolean removed = owner.startsWith("-");
            claims.add(new FieldClaim(removed ? owner.substring(1) : owner,
                    field == null ? Field.UNRECOGNIZED : field, key, removed));
        }
    }

    Kind kind() {
        return Kind.of(field);
    }

    /** The plugin's name without its index, as policies name plugins: {@code injector}. */
    String pluginName() {
        return plugin.matches("\\d\\d-.+") ? plugin.substring(3) : plugin;
    }

    /** For people: {@code set env INJECTED}, {@code removed mount /data}, {@code set MemLimit}. */
    String describe() {
        String verb = removed ? "removed " : "set ";
        String what = switch (field) {
            case Annotations -> "annotation";
            case Env -> "env";
            case Mounts -> "mount";
            case Devices -> "device";
            case CdiDevices -> "CDI device";
            default -> field == Field.UNRECOGNIZED ? "a field unknown to this validator" : field.name();
        };
        return verb + (key.isEmpty() ? what : what + " " + key);
    }
}
