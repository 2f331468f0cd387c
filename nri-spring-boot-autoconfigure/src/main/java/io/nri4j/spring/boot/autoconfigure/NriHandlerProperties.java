package io.nri4j.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

/** {@code nri.handler.*}: how handler methods run. */
public class NriHandlerProperties {

    /** Threads that run handler methods. */
    private int threads = 4;

    @NestedConfigurationProperty
    private final NriHandlerBudgetProperties budget = new NriHandlerBudgetProperties();

    public int getThreads() {
        return threads;
    }

    public void setThreads(int threads) {
        this.threads = threads;
    }

    public NriHandlerBudgetProperties getBudget() {
        return budget;
    }
}
