package io.nri4j.spring.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/**
 * Holds the configuration string the runtime sent in Configure and binds it to the types
 * handler methods ask for with {@code @NriConfig}, the way Spring Boot binds configuration
 * properties. The string is YAML (JSON is YAML too); a string that does not fit a type fails
 * Configure with a message that says so.
 */
public final class NriConfigBinder {

    private final Map<Class<?>, Object> bound = new ConcurrentHashMap<>();
    private final Set<Class<?>> types = ConcurrentHashMap.newKeySet();
    private volatile String raw = "";
    private volatile Binder binder = new Binder(List.of());

    /** Called at startup for each type a handler wants. */
    public void register(Class<?> type) {
        types.add(type);
    }

    /** Takes a new configuration and binds every registered type, failing on the first misfit. */
    public void bind(String config) {
        String text = config == null ? "" : config;
        Binder newBinder = binderFor(text);
        Map<Class<?>, Object> values = new ConcurrentHashMap<>();
        for (Class<?> type : types) {
            values.put(type, bind(newBinder, type, text));
        }
        raw = text;
        binder = newBinder;
        bound.clear();
        bound.putAll(values);
    }

    /** The configuration as the runtime sent it; empty for external plugins. */
    public String raw() {
        return raw;
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Class<T> type) {
        return (T) bound.computeIfAbsent(type, t -> bind(binder, t, raw));
    }

    private static <T> T bind(Binder binder, Class<T> type, String text) {
        try {
            return binder.bindOrCreate("", Bindable.of(type));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the runtime's configuration for this plugin does not fit "
                    + type.getSimpleName() + ": " + rootMessage(e), e);
        }
    }

    private static Binder binderFor(String text) {
        if (text.isBlank()) {
            return new Binder(List.of());
        }
        try {
            List<PropertySource<?>> documents = new YamlPropertySourceLoader().load("nri-plugin-config",
                    new ByteArrayResource(text.getBytes(StandardCharsets.UTF_8)));
            return new Binder(ConfigurationPropertySources.from(documents));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("the runtime's configuration for this plugin is not YAML: "
                    + rootMessage(e), e);
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
