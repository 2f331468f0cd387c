package io.nri4j.spring.boot.autoconfigure;

/** {@code nri.plugin.*}: the plugin's identity; the runtime orders plugins by index, then name. */
public class NriPluginProperties {

    /**
     * The plugin's name: letters, digits and '-', '_', '.', '+'. Defaults to the
     * NRI_PLUGIN_NAME environment variable, which runtimes set for plugins they launch.
     */
    private String name;

    /**
     * Two digits, "00" to "99": where the plugin runs among others. Defaults to the
     * NRI_PLUGIN_IDX environment variable.
     */
    private String index;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getIndex() {
        return index;
    }

    public void setIndex(String index) {
        this.index = index;
    }
}
