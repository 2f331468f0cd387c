package io.nri4j.internal.ttrpc;

import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.nri4j.internal.log.RateLimitedLog;
import io.nri4j.internal.mux.ConnId;
import io.nri4j.internal.mux.MuxEndpoint;
import io.nri4j.internal.mux.MuxWriter;
import io.nri4j.internal.ttrpc.proto.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client side of one ttrpc connection (see {@link TtrpcClient} for the entry point). Calls
 * start and time out on the event loop; responses arrive on the thread reading the trunk, which
 * may be another: the calls pending are guarded by this. Stream ids are taken and written in one
 * step on the event loop, so they reach the wire odd and strictly increasing. A response for a stream that is no longer
 * pending (timed out) is dropped, as Go's client does.
 */
public final class TtrpcClientEndpoint implements MuxEndpoint {

    private static final Logger logger = LoggerFactory.getLogger(TtrpcClientEndpoint.class);
    private static final long MAX_STREAM_ID = 0xFFFF_FFFFL;

    private final RateLimitedLog log = new RateLimitedLog(logger);
    private final Channel trunk;
    private final MuxWriter writer;
    private final Runnable awaitingAnswer;
    private final TtrpcDecoder decoder = new TtrpcDecoder();
    private final Map<Long, PendingCall> pending = new HashMap<>();
    private long nextStreamId = 1;
    private boolean closed;
    private String closeReason = "connection closed";

    public TtrpcClientEndpoint(Channel trunk, ConnId conn) {
        this(trunk, conn, () -> { });
    }

    /**
     * @param awaitingAnswer told as each call is sent, before its answer can arrive: whoever reads
     *     the trunk must be reading then (see {@code TrunkReader#ensureReading})
     */
    public TtrpcClientEndpoint(Channel trunk, ConnId conn, Runnable awaitingAnswer) {
        this.trunk = trunk;
        this.writer = new MuxWriter(trunk, conn);
        this.awaitingAnswer = awaitingAnswer;
    }

    EventLoop eventLoop() {
        return trunk.eventLoop();
    }

    /** Event loop: sends a call and starts its timer. */
    synchronized void start(PendingCall call) {
        if (closed || !trunk.isActive()) {
            call.fail(TtrpcStatus.of(StatusCode.UNAVAILABLE, closeReason));
            return;
        }
        if (nextStreamId > MAX_STREAM_ID) {
            call.fail(TtrpcStatus.of(StatusCode.RESOURCE_EXHAUSTED, "stream ids exhausted"));
            return;
        }
        long id = nextStreamId;
        nextStreamId += 2;
        pending.put(id, call);
        awaitingAnswer.run();
        if (call.timeoutNanos > 0) {
            call.timer = trunk.eventLoop().schedule(() -> onTimeout(id), call.timeoutNanos,
                    TimeUnit.NANOSECONDS);
        }
        writer.write(TtrpcEncoder.encode(trunk.alloc(), id, MessageType.REQUEST, 0, call.envelope), true);
    }

    @Override
    public synchronized void onData(ByteBuf bytes) {
        try {
            if (!closed) {
                decoder.decode(bytes, this::onMessage);
            }
        } finally {
            bytes.release();
        }
    }

    @Override
    public synchronized boolean isPartial() {
        return decoder.isPartial();
    }

    @Override
    public synchronized void onClose(Throwable cause) {
        closed = true;
        if (cause != null) {
            closeReason = "connection closed: " + cause.getMessage();
        }
        List<PendingCall> calls = new ArrayList<>(pending.values());
        pending.clear();
        calls.forEach(c -> c.fail(TtrpcStatus.of(StatusCode.UNAVAILABLE, closeReason)));
    }

    private void onMessage(Object decoded) {
        if (decoded instanceof OversizedMessage oversized) {
            PendingCall call = pending.remove(oversized.streamId());
            log.warn("oversized", "stream {}: {}", oversized.streamId(), oversized.status().message());
            if (call != null) {
                call.fail(oversized.status());
            }
            return;
        }
        TtrpcMessage message = (TtrpcMessage) decoded;
        MessageType type = MessageType.fromWire(message.type());
        if (type != MessageType.RESPONSE && type != MessageType.DATA) {
            log.warn("not-a-response",
                    "stream {}: ignoring a message of type {}; a ttrpc client accepts responses only",
                    message.streamId(), message.type());
            return;
        }
        PendingCall call = pending.remove(message.streamId());
        if (call == null) {
            log.info("not-pending", "stream {}: dropping a message for a call that is no longer pending",
                    message.streamId());
            return;
        }
        if (type == MessageType.DATA) {
            call.fail(TtrpcStatus.of(StatusCode.INTERNAL,
                    "data message on the unary call " + call.fullMethod));
            return;
        }
        Response response;
        try {
            response = Response.parseFrom(message.data());
        } catch (InvalidProtocolBufferException e) {
            call.fail(TtrpcStatus.of(StatusCode.INTERNAL, "unreadable response: " + e.getMessage()));
            return;
        }
        TtrpcStatus status = TtrpcStatus.fromProto(response.hasStatus() ? response.getStatus() : null);
        if (status.isOk()) {
            call.succeed(response.getPayload());
        } else {
            call.fail(status);
        }
    }

    private synchronized void onTimeout(long id) {
        PendingCall call = pending.remove(id);
        if (call != null) {
            call.fail(TtrpcStatus.of(StatusCode.DEADLINE_EXCEEDED,
                    call.fullMethod + ": context deadline exceeded"));
        }
    }
}
