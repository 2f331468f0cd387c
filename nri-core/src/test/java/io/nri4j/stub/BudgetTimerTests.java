package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BudgetTimerTests {

    @Test
    void aBudgetDueSoonerThanTheOneTheClockWaitsForStillFires() {
        BudgetTimer.Timer far = BudgetTimer.schedule(() -> { }, TimeUnit.MINUTES.toNanos(10));
        CountDownLatch fired = new CountDownLatch(1);
        try {
            BudgetTimer.schedule(fired::countDown, TimeUnit.MILLISECONDS.toNanos(20));

            await().atMost(Duration.ofSeconds(10)).until(() -> fired.getCount() == 0);
        } finally {
            far.cancel();
        }
    }

    @Test
    void aCancelledBudgetNeverRunsAndIsNoLongerPending() throws InterruptedException {
        AtomicInteger ran = new AtomicInteger();
        int before = BudgetTimer.pending();
        BudgetTimer.Timer cancelled = BudgetTimer.schedule(ran::incrementAndGet, TimeUnit.MILLISECONDS.toNanos(30));
        assertThat(BudgetTimer.pending()).isEqualTo(before + 1);

        cancelled.cancel();
        CountDownLatch later = new CountDownLatch(1);
        BudgetTimer.schedule(later::countDown, TimeUnit.MILLISECONDS.toNanos(60));

        assertThat(BudgetTimer.pending()).isEqualTo(before + 1);
        assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).hasValue(0);
    }

    @Test
    void aBudgetThatThrowsDoesNotStopTheClock() {
        BudgetTimer.schedule(() -> {
            throw new IllegalStateException("a failing overrun");
        }, TimeUnit.MILLISECONDS.toNanos(1));
        CountDownLatch fired = new CountDownLatch(1);
        BudgetTimer.schedule(fired::countDown, TimeUnit.MILLISECONDS.toNanos(20));

        await().atMost(Duration.ofSeconds(10)).until(() -> fired.getCount() == 0);
    }
}
