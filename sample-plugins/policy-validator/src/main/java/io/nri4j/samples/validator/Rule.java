package io.nri4j.samples.validator;

/** The rules a policy has; each rejection names the rules it broke, and is counted by them. */
enum Rule {
    /** A plugin the policy, or the pod, requires is not among the runtime's plugins. */
    REQUIRED_PLUGIN("required-plugin"),
    /** A plugin changed a kind of field its allowance does not list. */
    ALLOWED_KINDS("allowed-kinds"),
    /** A plugin set an annotation whose key starts with none of its allowed prefixes. */
    ANNOTATION_PREFIX("annotation-prefix");

    private final String tag;

    Rule(String tag) {
        this.tag = tag;
    }

    /** The rule's name in rejection reasons and in the {@code rule} tag of the rejection counter. */
    String tag() {
        return tag;
    }
}
