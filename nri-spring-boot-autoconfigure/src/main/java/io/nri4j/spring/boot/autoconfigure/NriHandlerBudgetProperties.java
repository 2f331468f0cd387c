package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.stub.HandlerBudget;

/**
 * {@code nri.handler.budget.*}: answering before the runtime's deadline, so that a slow handler
 * does not get the plugin disconnected.
 */
public class NriHandlerBudgetProperties {

    /** Whether handlers still running at the budget are answered by the overrun policy. */
    private boolean enabled = true;

    /** Share of each request's deadline a handler may use, above 0 and below 1. */
    private double fraction = 0.8;

    /** What to answer at the budget: an empty result (no changes) or an error for the runtime. */
    private HandlerBudget.OverrunPolicy overrun = HandlerBudget.OverrunPolicy.EMPTY_RESULT;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public double getFraction() {
        return fraction;
    }

    public void setFraction(double fraction) {
        this.fraction = fraction;
    }

    public HandlerBudget.OverrunPolicy getOverrun() {
        return overrun;
    }

    public void setOverrun(HandlerBudget.OverrunPolicy overrun) {
        this.overrun = overrun;
    }
}
