package io.nri4j.stub;

import java.util.Map;

/**
 * A plugin's name and index, checked with the runtime's rules: the index is two decimal
 * digits, the name is non-empty and uses only {@code [a-zA-Z0-9_.+-]}.
 *
 * @param name the base name, e.g. {@code hello}
 * @param index the two digits that order plugins, e.g. {@code 10}
 */
public record PluginIdentity(String name, String index) {

    /** Environment variable the runtime sets for plugins it launches: the base name. */
    public static final String NAME_ENV = "NRI_PLUGIN_NAME";
    /** Environment variable the runtime sets for plugins it launches: the index. */
    public static final String INDEX_ENV = "NRI_PLUGIN_IDX";

    /** Refuses, with {@link IllegalArgumentException}, what the runtime would refuse. */
    public PluginIdentity {
        checkName(name);
        checkIndex(index);
    }

    /** {@code <index>-<name>}, as the runtime names the plugin in logs and ownership records. */
    public String fullName() {
        return index + "-" + name;
    }

    /**
     * Explicit values win; missing ones come from {@code NRI_PLUGIN_NAME} and
     * {@code NRI_PLUGIN_IDX} in {@code environment}.
     *
     * @throws IllegalArgumentException naming what is missing or invalid
     */
    public static PluginIdentity resolve(String name, String index, Map<String, String> environment) {
        String n = isBlank(name) ? environment.get(NAME_ENV) : name;
        String i = isBlank(index) ? environment.get(INDEX_ENV) : index;
        if (isBlank(n)) {
            throw new IllegalArgumentException("the plugin has no name: set one, or " + NAME_ENV);
        }
        if (isBlank(i)) {
            throw new IllegalArgumentException("plugin \"" + n + "\" has no index: set one (\"00\" to \"99\"), or "
                    + INDEX_ENV);
        }
        return new PluginIdentity(n, i);
    }

    static void checkIndex(String index) {
        if (index == null || index.length() != 2 || !isDigit(index.charAt(0)) || !isDigit(index.charAt(1))) {
            throw new IllegalArgumentException("invalid plugin index \"" + index
                    + "\": it must be two digits, \"00\" to \"99\"");
        }
    }

    static void checkName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("invalid plugin name: the name is empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c)
                    || c == '-' || c == '_' || c == '.' || c == '+';
            if (!ok) {
                throw new IllegalArgumentException("invalid plugin name \"" + name
                        + "\": character '" + c + "' is not allowed (only a-z, A-Z, 0-9, '-', '_', '.', '+')");
            }
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
