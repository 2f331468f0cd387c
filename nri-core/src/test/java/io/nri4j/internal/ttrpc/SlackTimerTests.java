package io.nri4j.internal.ttrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SlackTimerTests {

    @Test
    void aBudgetDueSoonerThanTheOneTheClockWaitsForStillFires() {
        SlackTimer.Timer far = SlackTimer.schedule(() -> { }, TimeUnit.MINUTES.toNanos(10));
        CountDownLatch fired = new CountDownLatch(1);
        try {
            SlackTimer.schedule(fired::countDown, TimeUnit.MILLISECONDS.toNanos(20));

            await().atMost(Duration.ofSeconds(10)).until(() -> fired.getCount() == 0);
        } finally {
            far.cancel();
        }
    }

    @Test
    void aCancelledBudgetNeverRunsAndIsNoLongerPending() throws InterruptedException {
        AtomicInteger ran = new AtomicInteger();
        int before = SlackTimer.pending();
        SlackTimer.Timer cancelled = SlackTimer.schedule(ran::incrementAndGet, TimeUnit.MILLISECONDS.toNanos(30));
        assertThat(SlackTimer.pending()).isEqualTo(before + 1);

        cancelled.cancel();
        CountDownLatch later = new CountDownLatch(1);
        SlackTimer.schedule(later::countDown, TimeUnit.MILLISECONDS.toNanos(60));

        assertThat(SlackTimer.pending()).isEqualTo(before + 1);
        assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).hasValue(0);
    }

    @Test
    void aCancelledDeadlineLeavesTheQueueAtOnceWhereACancelledShortTimerLingers() {
        SlackTimer.Timer near = SlackTimer.schedule(() -> { }, SlackTimer.LINGER);
        SlackTimer.Timer far = SlackTimer.schedule(() -> { }, TimeUnit.SECONDS.toNanos(2));
        int queued = SlackTimer.queued();

        far.cancel();
        assertThat(SlackTimer.queued()).isEqualTo(queued - 1);
        near.cancel();
        assertThat(SlackTimer.queued()).isEqualTo(queued - 1);
        far.cancel();
        assertThat(SlackTimer.queued()).isEqualTo(queued - 1);
    }

    @Test
    void aBudgetThatThrowsDoesNotStopTheClock() {
        SlackTimer.schedule(() -> {
            throw new IllegalStateException("a failing overrun");
        }, TimeUnit.MILLISECONDS.toNanos(1));
        CountDownLatch fired = new CountDownLatch(1);
        SlackTimer.schedule(fired::countDown, TimeUnit.MILLISECONDS.toNanos(20));

        await().atMost(Duration.ofSeconds(10)).until(() -> fired.getCount() == 0);
    }
}
