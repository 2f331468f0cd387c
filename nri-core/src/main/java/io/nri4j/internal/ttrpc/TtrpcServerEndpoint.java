package io.nri4j.internal.ttrpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.nri4j.internal.log.RateLimitedLog;
import io.nri4j.internal.log.WireText;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxWriter;
import io.nri4j.internal.ttrpc.proto.Request;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of one ttrpc connection. Requests are checked and routed by the thread reading
 * the trunk (its event loop, or a handler thread: see {@code TrunkReader}), then run on the
 * executor; the thread that finishes a call writes its answer (a hand-off
 * back to the event loop would wake it for every request). Whichever of the answer and the
 * deadline comes first takes the call out of the table of calls in flight, and only that one
 * answers; the rest of the state is the reading thread's. Stream ids must be odd and increasing,
 * as the Go server demands; a call still running at its {@code timeout_nano} is answered
 * {@link StatusCode#DEADLINE_EXCEEDED} (up to {@link SlackTimer#SLACK} late where a handler
 * thread reads the trunk) and its handler interrupted.
 *
 * <p>What a peer can make it hold is bounded: at most {@code maxInFlight} requests are accepted
 * and not yet answered (more are answered {@link StatusCode#RESOURCE_EXHAUSTED} and dropped),
 * and after {@value #MAX_VIOLATIONS} messages no ttrpc client sends (even or reused stream ids,
 * undecodable envelopes...) the connection is given up with a {@link TtrpcCodecException}
 * rather than answering garbage message by message.
 */
public final class TtrpcServerEndpoint implements MuxEndpoint {

    /** Requests served at once unless configured otherwise; the runtime sends one at a time. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 16;
    /** Malformed messages answered before the connection is closed; a runtime sends none. */
    public static final int MAX_VIOLATIONS = 16;

    private static final Logger logger = LoggerFactory.getLogger(TtrpcServerEndpoint.class);

    private final RateLimitedLog log = new RateLimitedLog(logger);
    private final Channel trunk;
    private final EventLoop eventLoop;
    private final MuxWriter writer;
    private final Executor executor;
    private final Map<String, TtrpcService> services = new HashMap<>();
    private final TtrpcDecoder decoder = new TtrpcDecoder();
    /**
     * Written on the event loop (accepted) and by whichever answers a call (removed, once its
     * answer is written: a call counts as in flight until then).
     */
    private final Map<Long, Call> calls = new ConcurrentHashMap<>();
    private final IdleWaiters idle;
    private final int maxInFlight;
    private long lastStreamId;
    private int violations;
    private volatile boolean closed;

    public TtrpcServerEndpoint(Channel trunk, ConnId conn, Executor executor,
            Collection<TtrpcService> services) {
        this(trunk, conn, executor, services, DEFAULT_MAX_IN_FLIGHT);
    }

    public TtrpcServerEndpoint(Channel trunk, ConnId conn, Executor executor,
            Collection<TtrpcService> services, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1, was " + maxInFlight);
        }
        this.trunk = trunk;
        this.eventLoop = trunk.eventLoop();
        this.writer = new MuxWriter(trunk, conn);
        this.executor = executor;
        this.maxInFlight = maxInFlight;
        this.idle = new IdleWaiters(eventLoop, calls);
        services.forEach(s -> this.services.put(s.name(), s));
    }

    @Override
    public void onData(ByteBuf bytes) {
        try {
            if (!closed) {
                decoder.decode(bytes, this::onMessage);
            }
        } finally {
            bytes.release();
        }
    }

    @Override
    public boolean isPartial() {
        return decoder.isPartial();
    }

    @Override
    public void onClose(Throwable cause) {
        closed = true;
        for (Call call : calls.values()) {
            call.cancel();
        }
        calls.clear();
    }

    /** Any thread: calls accepted whose answer is not yet written. */
    public int activeCalls() {
        return calls.size();
    }

    /**
     * Event loop: runs {@code action} there once no call is in flight, on the loop's next turn if
     * none is. An action that finds a new call in flight may wait again.
     */
    public void whenIdle(Runnable action) {
        idle.add(action);
    }

    private void onMessage(Object decoded) {
        if (decoded instanceof OversizedMessage oversized) {
            violation();
            log.warn("oversized", "stream {}: {}", oversized.streamId(), oversized.status().message());
            send(oversized.streamId(), Responses.failure(oversized.status()));
            return;
        }
        TtrpcMessage message = (TtrpcMessage) decoded;
        long id = message.streamId();
        MessageType type = MessageType.fromWire(message.type());
        // The order of checks is the Go server's: parity first, whatever the type.
        if ((id & 1) == 0) {
            reject(id, StatusCode.INVALID_ARGUMENT, "StreamID must be odd for client initiated streams");
        } else if (type == null || type == MessageType.RESPONSE) {
            violation();
            log.warn("not-a-request", "stream {}: ignoring a message of type {}; a ttrpc server accepts requests only",
                    id, message.type());
        } else if (type == MessageType.DATA) {
            reject(id, StatusCode.INVALID_ARGUMENT,
                    "stream " + id + ": data message, but NRI calls are unary");
        } else if (id <= lastStreamId) {
            reject(id, StatusCode.INVALID_ARGUMENT, "StreamID cannot be re-used and must increment");
        } else {
            lastStreamId = id;
            accept(id, message.data());
        }
    }

    private void accept(long id, ByteString data) {
        if (calls.size() >= maxInFlight) {
            // Refused before decoding: the request's bytes are dropped right here.
            refuse(id, StatusCode.RESOURCE_EXHAUSTED, "too many requests in flight (limit " + maxInFlight + ")");
            return;
        }
        Request request;
        try {
            // The payload is a view of the message's bytes, not a copy: the decoder allocates a
            // new array for every message and never writes to it once the message is out.
            CodedInputStream input = data.newCodedInput();
            input.enableAliasing(true);
            request = Request.parser().parseFrom(input);
            input.checkLastTagWas(0); // as parseFrom(ByteString): a stray end-group tag is an error
        } catch (InvalidProtocolBufferException e) {
            reject(id, StatusCode.INVALID_ARGUMENT, "unmarshal request error: " + e.getMessage());
            return;
        }
        TtrpcService service = services.get(request.getService());
        if (service == null) {
            refuse(id, StatusCode.UNIMPLEMENTED, "service " + WireText.escape(request.getService()));
            return;
        }
        MethodHandler handler = service.methods().get(request.getMethod());
        if (handler == null) {
            refuse(id, StatusCode.UNIMPLEMENTED, "method " + WireText.escape(request.getMethod()));
            return;
        }
        ServerCall serverCall = new ServerCall(request.getService(), request.getMethod(), id,
                Math.max(0, request.getTimeoutNano()), System.nanoTime(),
                ServerCall.metadata(request.getMetadataList()));
        Call call = new Call(id, serverCall, handler, request.getPayload());
        calls.put(id, call);
        if (closed) {
            // The trunk closed while this was decoded off the event loop: nothing will answer it.
            ended(id);
            return;
        }
        if (serverCall.hasDeadline()) {
            call.stopTimer = Deadlines.schedule(eventLoop, () -> onDeadline(id), serverCall.timeoutNanos());
        }
        try {
            executor.execute(call);
        } catch (RejectedExecutionException e) {
            call.cancel();
            refuse(id, StatusCode.UNAVAILABLE, "plugin is shutting down");
            ended(id);
        }
    }

    private void onDeadline(long id) {
        Call call = calls.get(id);
        if (call == null || !call.answered.compareAndSet(false, true)) {
            return;
        }
        call.cancel();
        log.warn("deadline", "{} (stream {}) still running after its {} ms deadline; answering DeadlineExceeded",
                call.serverCall.fullMethod(), id,
                TimeUnit.NANOSECONDS.toMillis(call.serverCall.timeoutNanos()));
        send(id, Responses.failure(TtrpcStatus.of(StatusCode.DEADLINE_EXCEEDED,
                "context deadline exceeded")));
        ended(id);
    }

    /**
     * Any thread: answers a finished call with its payload, or its error where there is one,
     * unless its deadline or the connection's end came first.
     */
    private void finish(long id, ResponsePayload payload, Throwable error) {
        Call call = calls.get(id);
        if (call == null || !call.answered.compareAndSet(false, true)) {
            logger.debug("stream {}: dropping a response whose call already ended", id);
            return;
        }
        call.stopTimer.run();
        if (error == null) {
            sendSuccess(id, payload);
        } else {
            send(id, Responses.failure(Responses.statusOf(error)));
        }
        ended(id);
    }

    // A call leaves the table, and idle waiters hear of it, only after its answer is written: a
    // graceful stop closes the connection once none is in flight, which in between lost answers.
    private void ended(long id) {
        calls.remove(id);
        idle.callEnded();
    }

    /** Answers a message no ttrpc client sends; too many of them end the connection. */
    private void reject(long id, StatusCode code, String message) {
        violation();
        refuse(id, code, message);
    }

    /** Answers a well-formed request that cannot be served. */
    private void refuse(long id, StatusCode code, String message) {
        log.warn(code.name(), "stream {}: answering {}: {}", id, code, message);
        send(id, Responses.failure(TtrpcStatus.of(code, message)));
    }

    private void violation() {
        if (++violations > MAX_VIOLATIONS) {
            closed = true; // whatever else was read is dropped until the trunk is gone
            throw new TtrpcCodecException("more than " + MAX_VIOLATIONS
                    + " messages no ttrpc client sends (bad stream ids, types or envelopes)");
        }
    }

    /** Any thread. */
    private void send(long id, byte[] envelope) {
        if (closed || !trunk.isActive()) {
            return;
        }
        writer.write(TtrpcEncoder.encode(trunk.alloc(), id, MessageType.RESPONSE, 0, envelope), true);
    }

    /** Any thread. */
    private void sendSuccess(long id, ResponsePayload payload) {
        if (closed || !trunk.isActive()) {
            return;
        }
        ByteBuf frame;
        try {
            frame = TtrpcEncoder.response(trunk.alloc(), id, payload);
        } catch (IOException | RuntimeException e) {
            // Too large, or a payload that broke while being written: the call still gets an answer.
            send(id, Responses.failure(Responses.statusOf(e)));
            return;
        }
        writer.write(frame, true);
    }

    /** One accepted request until it is answered. */
    private final class Call implements Runnable {

        final ServerCall serverCall;
        final FutureTask<CompletionStage<ResponsePayload>> task;
        /** Taken by whichever answers the call: its handler's end or its deadline. */
        final AtomicBoolean answered = new AtomicBoolean();
        /** Cancels the deadline's timer; set before the call runs. */
        Runnable stopTimer = () -> { };

        Call(long id, ServerCall serverCall, MethodHandler handler, ByteString payload) {
            this.serverCall = serverCall;
            this.task = new FutureTask<>(() -> handler.invoke(serverCall, payload)) {
                @Override
                protected void done() {
                    if (!isCancelled()) {
                        completeWith(id, this);
                    }
                }
            };
        }

        /** On the executor: the handler, then what it deferred (see {@link AfterDispatch}). */
        @Override
        public void run() {
            AfterDispatch.run(task);
        }

        void cancel() {
            stopTimer.run();
            if (task.isDone() && !task.isCancelled()) {
                try {
                    task.get().toCompletableFuture().cancel(true);
                } catch (InterruptedException | ExecutionException | RuntimeException ignored) {
                    // nothing left to cancel
                }
            }
            task.cancel(true);
        }

        private void completeWith(long id, FutureTask<CompletionStage<ResponsePayload>> done) {
            CompletionStage<ResponsePayload> stage;
            try {
                stage = done.get();
            } catch (ExecutionException | InterruptedException | RuntimeException e) {
                finish(id, null, e);
                return;
            }
            if (stage == null) {
                finish(id, ResponsePayload.EMPTY, null);
                return;
            }
            stage.whenComplete((payload, error) -> finish(id, payload == null ? ResponsePayload.EMPTY : payload,
                    error));
        }
    }
}
