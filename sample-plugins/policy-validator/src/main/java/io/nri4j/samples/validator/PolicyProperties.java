package io.nri4j.samples.validator;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The policy: which plugins must be running when a container is created, and what each plugin
 * may change. A plugin is named without its index ({@code injector}, not {@code 10-injector}).
 */
@ConfigurationProperties("policy")
public class PolicyProperties {

    /**
     * Plugins that must be running whenever a container is created, by name ({@code gpu}) or
     * index and name ({@code 20-gpu}).
     */
    private List<String> requiredPlugins = new ArrayList<>();

    /**
     * Pod annotation that lists more required plugins as a YAML list, for all its containers or,
     * with a {@code /container.<name>} suffix, for one. Empty to ignore what pods ask for.
     */
    private String requiredPluginsAnnotation = "required-plugins.noderesource.dev";

    /**
     * What plugins without an entry of their own under {@code plugins} may change. By default
     * the everyday kinds; hooks, args, namespaces, seccomp, sysctl and scheduling are left out.
     */
    private final Allowance defaults = new Allowance(EnumSet.of(Kind.ANNOTATIONS, Kind.ENV, Kind.MOUNTS,
            Kind.DEVICES, Kind.RLIMITS, Kind.RESOURCES));

    /** Per plugin name, what that plugin may change; what an entry leaves unset comes from {@code defaults}. */
    private Map<String, Allowance> plugins = new LinkedHashMap<>();

    public List<String> getRequiredPlugins() {
        return requiredPlugins;
    }

    public void setRequiredPlugins(List<String> requiredPlugins) {
        this.requiredPlugins = requiredPlugins;
    }

    public String getRequiredPluginsAnnotation() {
        return requiredPluginsAnnotation;
    }

    public void setRequiredPluginsAnnotation(String requiredPluginsAnnotation) {
        this.requiredPluginsAnnotation = requiredPluginsAnnotation;
    }

    public Allowance getDefaults() {
        return defaults;
    }

    public Map<String, Allowance> getPlugins() {
        return plugins;
    }

    public void setPlugins(Map<String, Allowance> plugins) {
        this.plugins = plugins;
    }

    /** What one plugin, or every plugin without its own allowance, may change. */
    public static class Allowance {

        /**
         * Kinds of change allowed: annotations, env, args, mounts, devices, hooks, rlimits,
         * resources, scheduling, namespaces, seccomp, sysctl.
         */
        private Set<Kind> kinds;

        /** Prefixes of the annotation keys the plugin may set or remove; empty allows any key. */
        private List<String> annotationPrefixes = new ArrayList<>();

        public Allowance() {
        }

        Allowance(Set<Kind> kinds) {
            this.kinds = kinds;
        }

        public Set<Kind> getKinds() {
            return kinds;
        }

        public void setKinds(Set<Kind> kinds) {
            this.kinds = kinds;
        }

        public List<String> getAnnotationPrefixes() {
            return annotationPrefixes;
        }

        public void setAnnotationPrefixes(List<String> annotationPrefixes) {
            this.annotationPrefixes = annotationPrefixes;
        }
    }
}
