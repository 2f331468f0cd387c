package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HandlerBudgetTests {

    private static HandlerBudget budget(double fraction) {
        return new HandlerBudget(fraction, HandlerBudget.OverrunPolicy.EMPTY_RESULT);
    }

    @Test
    void isTheFractionOfTheTimeLeftWhenThatLeavesTheMargin() {
        assertThat(budget(0.8).of(Duration.ofSeconds(2))).isEqualTo(Duration.ofMillis(1600));
        assertThat(budget(0.5).of(Duration.ofSeconds(1))).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void keepsTheMarginBeforeTheDeadlineWhenTheFractionWouldNot() {
        assertThat(budget(0.95).of(Duration.ofSeconds(2))).isEqualTo(Duration.ofMillis(1800));
        assertThat(budget(0.8).of(Duration.ofMillis(500))).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void isNothingWhenLessThanTheMarginIsLeft() {
        assertThat(budget(0.8).of(Duration.ofMillis(150))).isZero();
        assertThat(budget(0.8).of(Duration.ofMillis(-5))).isZero();
    }
}
