package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.Event;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandlerInvokerTest {

    private final ExecutorService oneThread = Executors.newSingleThreadExecutor();
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void release() {
        release.countDown();
        oneThread.shutdownNow();
    }

    @Test
    void theBudgetAnswersEvenWhileHandlersThatIgnoreInterruptionHoldEveryThread() {
        oneThread.execute(this::ignoreInterruptionUntilReleased);
        HandlerInvoker invoker = new HandlerInvoker(oneThread,
                new HandlerBudget(0.5, HandlerBudget.OverrunPolicy.EMPTY_RESULT));
        RequestContext ctx = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null,
                Duration.ofMillis(200).toNanos(), System.nanoTime());
        HandlerInvoker.Call call = new HandlerInvoker.Call();

        CompletableFuture<String> answer = invoker.budgeted((request, context) -> "adjusted", "request", ctx,
                "container ctr", call, null);

        assertThat(answer).succeedsWithin(Duration.ofSeconds(10)).isNull();
        assertThat(call.overrun).isTrue();
    }

    @Test
    void aHandlerThatFinishesWithinItsBudgetCancelsItsTimer() {
        HandlerInvoker invoker = new HandlerInvoker(oneThread,
                new HandlerBudget(0.5, HandlerBudget.OverrunPolicy.EMPTY_RESULT));
        RequestContext ctx = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null,
                Duration.ofMinutes(10).toNanos(), System.nanoTime());
        HandlerInvoker.Call call = new HandlerInvoker.Call();
        int before = BudgetTimer.pending();

        CompletableFuture<String> answer = invoker.budgeted((request, context) -> "adjusted", "request", ctx,
                "container ctr", call, null);

        assertThat(answer).succeedsWithin(Duration.ofSeconds(10)).isEqualTo("adjusted");
        assertThat(call.overrun).isFalse();
        assertThat(BudgetTimer.pending()).isEqualTo(before);
    }

    private void ignoreInterruptionUntilReleased() {
        while (true) {
            try {
                release.await();
                return;
            } catch (InterruptedException ignored) {
                // Like a handler stuck in code that swallows interrupts.
            }
        }
    }
}
