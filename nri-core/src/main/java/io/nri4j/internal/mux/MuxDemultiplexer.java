package io.nri4j.internal.mux;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.nri4j.internal.log.RateLimitedLog;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes {@link MuxData} to the endpoint of its conn and tells every endpoint when the trunk
 * goes away. Any exception that reaches it (a codec fault, a failed write) closes the trunk,
 * with one log line.
 */
public final class MuxDemultiplexer extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(MuxDemultiplexer.class);

    private final RateLimitedLog limitedLog = new RateLimitedLog(log);
    private final Map<ConnId, MuxEndpoint> endpoints;
    private final Consumer<Throwable> onClose;
    private Throwable cause;

    /**
     * @param onClose told, after the endpoints, that the trunk is gone; with the first failure
     *     seen, or {@code null} for an orderly close or EOF
     */
    public MuxDemultiplexer(Map<ConnId, MuxEndpoint> endpoints, Consumer<Throwable> onClose) {
        this.endpoints = new EnumMap<>(endpoints);
        this.onClose = onClose;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        route((MuxData) msg);
    }

    /** Hands {@code data} to its conn's endpoint. The trunk's reading thread. */
    void route(MuxData data) {
        MuxEndpoint endpoint = endpoints.get(data.conn());
        if (endpoint == null) {
            limitedLog.warn("no-endpoint", "dropping {} bytes for conn {}, which has no endpoint",
                    data.bytes().readableBytes(), data.conn());
            data.bytes().release();
            return;
        }
        endpoint.onData(data.bytes());
    }

    /**
     * Whether a failure is the runtime's doing: one of the codec exceptions this library throws
     * (mux, ttrpc, a stalled frame), whose message says what the runtime did; not a bug of
     * ours, which Netty's decoder wraps in a {@code DecoderException} with a cause.
     */
    public static boolean isRuntimeFault(Throwable t) {
        return t instanceof DecoderException && t.getCause() == null;
    }

    /** Whether any endpoint holds the start of a message it has not completed. The reading thread. */
    public boolean isPartial() {
        for (MuxEndpoint endpoint : endpoints.values()) {
            if (endpoint.isPartial()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        if (t instanceof IOException) {
            // On a Unix socket an I/O error (EPIPE, ECONNRESET) means the peer has gone: an
            // end like EOF, not a fault of the connection.
            log.debug("NRI connection ended: {}", t.getMessage());
        } else if (cause == null) {
            cause = t;
            if (isRuntimeFault(t)) {
                log.warn("closing NRI connection: the runtime sent {}", t.getMessage());
            } else {
                log.error("closing NRI connection: {}", t.getMessage(), t);
            }
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        for (MuxEndpoint endpoint : endpoints.values()) {
            try {
                endpoint.onClose(cause);
            } catch (RuntimeException e) {
                log.warn("endpoint failed to close cleanly", e);
            }
        }
        onClose.accept(cause);
        super.channelInactive(ctx);
    }
}
