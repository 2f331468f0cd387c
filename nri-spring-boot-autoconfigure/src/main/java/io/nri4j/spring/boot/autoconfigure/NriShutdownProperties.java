package io.nri4j.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/** {@code nri.shutdown.*}: what a Shutdown request from the runtime leads to. */
public class NriShutdownProperties {

    /**
     * Shutdown reasons after which the application exits instead of reconnecting. By default,
     * the reason a runtime gives when a newer instance of the plugin replaced this one.
     */
    private List<String> exitReasons = new ArrayList<>(List.of("other plugin instance registered"));

    /** The application's exit code after such a Shutdown. */
    private int exitCode = 0;

    public List<String> getExitReasons() {
        return exitReasons;
    }

    public void setExitReasons(List<String> exitReasons) {
        this.exitReasons = exitReasons;
    }

    public int getExitCode() {
        return exitCode;
    }

    public void setExitCode(int exitCode) {
        this.exitCode = exitCode;
    }
}
