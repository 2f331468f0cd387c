package io.nri4j.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LineBudgetTests {

    private static final long MINUTE = 60_000_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000);

    @Test
    void allowsSoManyLinesAWindowThenRefusesAndTellsHowManyWithTheNextWindowsFirst() {
        LineBudget budget = new LineBudget(2, MINUTE, clock::get);

        assertThat(budget.take()).isZero();
        assertThat(budget.take()).isZero();
        assertThat(budget.take()).isEqualTo(-1);
        assertThat(budget.take()).isEqualTo(-1);
        clock.addAndGet(MINUTE - 1);
        assertThat(budget.take()).as("still the first window").isEqualTo(-1);
        clock.addAndGet(1);

        assertThat(budget.take()).as("three refused in the first window").isEqualTo(3);
        assertThat(budget.take()).isZero();
        assertThat(budget.take()).isEqualTo(-1);
    }

    @Test
    void aBudgetOfNoLinesRefusesEvery() {
        LineBudget budget = new LineBudget(0, MINUTE, clock::get);

        assertThat(budget.take()).isEqualTo(-1);
        clock.addAndGet(MINUTE);
        assertThat(budget.take()).isEqualTo(-1);
    }
}
