package io.nri4j.stub;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.internal.ttrpc.AfterDispatch;
import io.nri4j.internal.ttrpc.SlackTimer;
import io.nri4j.internal.ttrpc.StatusCode;
import io.nri4j.internal.ttrpc.TtrpcException;
import io.nri4j.internal.ttrpc.TtrpcStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs user handlers: marks the thread, turns failures into statuses the runtime may see (never
 * Unimplemented, which would switch it to StateChange), and enforces the handler budget. With
 * a budget, the handler runs as a task of its own, after its answer is wired, so that the
 * request can be answered while it is still running; at the budget it is interrupted. The
 * subject each call takes names the request's pod or container in log lines; its
 * {@code toString()} runs only when a line is written.
 */
final class HandlerInvoker {

    private static final Logger log = LoggerFactory.getLogger(HandlerInvoker.class);

    /** Per call: whether the budget ran out. */
    static final class Call {
        final AtomicBoolean overrun = new AtomicBoolean();
        /** Set by whichever comes first, the handler's result or the budget. */
        final AtomicBoolean decided = new AtomicBoolean();
        /** Whether the answer gets enforcement's marker (the handler decided in time). */
        volatile boolean marked;
        /** The request's observer, whose scope the handler runs in; null for none. */
        final RequestObserver observing;

        Call() {
            this(null);
        }

        Call(RequestObserver observing) {
            this.observing = observing;
        }
    }

    private final Executor executor;
    private final HandlerBudget budget;

    HandlerInvoker(Executor executor, HandlerBudget budget) {
        this.executor = executor;
        this.budget = budget;
    }

    /** Runs a handler on this thread, without a budget (Configure, Shutdown). */
    <Q, R> R now(RequestHandler<Q, R> handler, Q request, RequestContext ctx, Object subject) {
        if (handler == null) {
            return null;
        }
        return run(handler, request, ctx, subject, null);
    }

    /**
     * Runs a handler within the budget, if there is one and the request has a deadline. On
     * overrun the stage completes with {@code onOverrun} (null: the empty result) or fails, as
     * the policy says.
     */
    <Q, R> CompletableFuture<R> budgeted(RequestHandler<Q, R> handler, Q request, RequestContext ctx,
            Object subject, Call call, R rejection) {
        if (handler == null) {
            return CompletableFuture.completedFuture(null);
        }
        // ctx.timeRemaining() and budget.of(left) in nanoseconds: no Durations per request.
        if (budget == null || ctx.timeoutNanos() <= 0) {
            try {
                return CompletableFuture.completedFuture(run(handler, request, ctx, subject, call));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        long budgetNanos = budget.nanosOf(ctx.timeoutNanos() - (System.nanoTime() - ctx.startNanos()));
        CompletableFuture<R> answer = new CompletableFuture<>();
        AtomicReference<SlackTimer.Timer> timer = new AtomicReference<>();
        FutureTask<R> task = new FutureTask<>(() -> run(handler, request, ctx, subject, call)) {
            @Override
            protected void done() {
                if (isCancelled() || !call.decided.compareAndSet(false, true)) {
                    return;
                }
                SlackTimer.Timer pending = timer.get();
                if (pending != null) {
                    pending.cancel();
                }
                try {
                    answer.complete(get());
                } catch (ExecutionException e) {
                    answer.completeExceptionally(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        // Scheduled before the handler starts, so that done() always finds it to cancel.
        timer.set(SlackTimer.schedule(() -> overrun(task, answer, call, ctx, subject, rejection, budgetNanos),
                budgetNanos));
        // On the thread that dispatched the request once its answer is wired (no hop to another
        // thread); elsewhere on the executor. Either way the budget answers while it runs.
        Runnable runTask = () -> {
            task.run();
            if (task.isCancelled()) {
                // The overrun's interrupt is delivered once run() returns: not the next task's.
                Thread.interrupted();
            }
        };
        if (!AfterDispatch.offer(runTask)) {
            executor.execute(runTask);
        }
        return answer;
    }

    /** The budget is spent before the handler finished: answer for it, unless it just did. */
    private <R> void overrun(FutureTask<R> task, CompletableFuture<R> answer, Call call, RequestContext ctx,
            Object subject, R rejection, long budgetNanos) {
        if (!call.decided.compareAndSet(false, true)) {
            return;
        }
        String what = ctx.request();
        long ms = TimeUnit.NANOSECONDS.toMillis(budgetNanos);
        // Flagged before the answer: its dependents (the observer) run inside complete().
        call.overrun.set(true);
        task.cancel(true);
        String outcome;
        if (ctx.event() == Event.VALIDATE_CONTAINER_ADJUSTMENT) {
            outcome = "rejecting";
            answer.complete(rejection);
        } else if (budget.policy() == HandlerBudget.OverrunPolicy.EMPTY_RESULT) {
            outcome = "answering with no changes";
            answer.complete(null);
        } else {
            outcome = "failing the request";
            answer.completeExceptionally(new TtrpcException(TtrpcStatus.of(
                    StatusCode.DEADLINE_EXCEEDED,
                    what + " handler did not finish within its budget of " + ms + " ms")));
        }
        log.warn("{} handler for {} still running after its {} ms budget; {}", what, subject, ms, outcome);
    }

    private <Q, R> R run(RequestHandler<Q, R> handler, Q request, RequestContext ctx, Object subject, Call call) {
        String what = ctx.request();
        HandlerThread.enter(what);
        RequestObserver.Scope scope = open(call);
        try {
            return handler.handle(request, ctx);
        } catch (InterruptedException e) {
            // The budget or the runtime's deadline passed and the call was already answered.
            Thread.currentThread().interrupt();
            log.info("{} handler for {} interrupted: its time was up", what, subject);
            throw new TtrpcException(TtrpcStatus.of(StatusCode.CANCELLED, "interrupted"), e);
        } catch (Exception e) {
            TtrpcStatus status = e instanceof TtrpcException t ? t.status()
                    : TtrpcStatus.of(StatusCode.UNKNOWN, e.getMessage() != null ? e.getMessage() : e.toString());
            if (status.code() == StatusCode.UNIMPLEMENTED || status.isOk()) {
                status = TtrpcStatus.of(StatusCode.UNKNOWN, status.message());
            }
            // One line: a handler refusing a container is routine; its stack trace is for debugging.
            log.warn("{} handler failed for {}: {}{}", what, subject, status.message(), origin(e));
            log.debug("{} handler failed for {}", what, subject, e);
            throw new TtrpcException(status, e);
        } finally {
            close(scope);
            HandlerThread.exit();
        }
    }

    private static RequestObserver.Scope open(Call call) {
        if (call == null || call.observing == null) {
            return RequestObserver.Scope.NONE;
        }
        try {
            RequestObserver.Scope scope = call.observing.open();
            return scope == null ? RequestObserver.Scope.NONE : scope;
        } catch (RuntimeException e) {
            log.warn("request observer failed to open its scope", e);
            return RequestObserver.Scope.NONE;
        }
    }

    private static void close(RequestObserver.Scope scope) {
        try {
            scope.close();
        } catch (RuntimeException e) {
            log.warn("request observer failed to close its scope", e);
        }
    }

    /**
     * Where an exception other than a status came from: its type and the first frame outside
     * the JDK, e.g. {@code  (NumberFormatException at com.example.Pinner.create(Pinner.java:42))}.
     */
    static String origin(Exception e) {
        if (e instanceof TtrpcException) {
            return "";
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            String c = frame.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                return " (" + e.getClass().getSimpleName() + " at " + frame + ")";
            }
        }
        return " (" + e.getClass().getSimpleName() + ")";
    }
}
