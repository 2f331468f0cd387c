package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.internal.ttrpc.AfterDispatch;
import io.nri4j.internal.ttrpc.SlackTimer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandlerInvokerTests {

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
        int before = SlackTimer.pending();

        CompletableFuture<String> answer = invoker.budgeted((request, context) -> "adjusted", "request", ctx,
                "container ctr", call, null);

        assertThat(answer).succeedsWithin(Duration.ofSeconds(10)).isEqualTo("adjusted");
        assertThat(call.overrun).isFalse();
        assertThat(SlackTimer.pending()).isEqualTo(before);
    }

    @Test
    void withinADispatchTheHandlerRunsOnTheDispatchingThreadAndTheBudgetStillAnswersWhileItHangs()
            throws InterruptedException {
        HandlerInvoker invoker = new HandlerInvoker(command -> {
            throw new AssertionError("no hop to the executor within a dispatch");
        }, new HandlerBudget(0.5, HandlerBudget.OverrunPolicy.EMPTY_RESULT));
        RequestContext ctx = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null, null,
                Duration.ofMillis(400).toNanos(), System.nanoTime());
        HandlerInvoker.Call call = new HandlerInvoker.Call();
        AtomicReference<CompletableFuture<String>> answer = new AtomicReference<>();
        AtomicReference<Thread> handlerThread = new AtomicReference<>();
        CountDownLatch answeredWhileRunning = new CountDownLatch(1);
        Thread dispatcher = new Thread(() -> AfterDispatch.run(() -> answer.set(invoker.budgeted((request, context) -> {
            handlerThread.set(Thread.currentThread());
            ignoreInterruptionUntilReleased();
            return "adjusted";
        }, "request", ctx, "container ctr", call, null).whenComplete((r, e) -> answeredWhileRunning.countDown()))));
        dispatcher.start();

        assertThat(answeredWhileRunning.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(answer.get()).succeedsWithin(Duration.ofSeconds(10)).isNull();
        assertThat(call.overrun).isTrue();
        assertThat(handlerThread.get()).isSameAs(dispatcher);
        release.countDown();
        dispatcher.join(10_000);
        assertThat(dispatcher.isAlive()).isFalse();
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
