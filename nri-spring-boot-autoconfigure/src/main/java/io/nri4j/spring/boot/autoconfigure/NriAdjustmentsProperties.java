package io.nri4j.spring.boot.autoconfigure;

/**
 * {@code nri.adjustments.*}: what happens to the plugin's adjustments on runtimes that cannot
 * apply all of them.
 */
public class NriAdjustmentsProperties {

    /**
     * What to do when a CreateContainer adjustment sets a field the runtime's NRI version ignores
     * (e.g. args before NRI v0.10.0): "warn" sends it anyway, logs each field once and counts it
     * in nri.adjustments.ignored; "fail" fails the request, so that the runtime does not create
     * the container without it.
     */
    private String unsupported = "warn";

    public String getUnsupported() {
        return unsupported;
    }

    public void setUnsupported(String unsupported) {
        this.unsupported = unsupported;
    }
}
