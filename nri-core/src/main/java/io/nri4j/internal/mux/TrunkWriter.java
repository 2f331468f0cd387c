package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.unix.FileDescriptor;
import io.netty.channel.unix.UnixChannel;
import io.netty.util.AttributeKey;
import io.nri4j.internal.transport.Descriptors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a trunk's frames from whichever thread has them. Any thread. A frame handed to the
 * channel from outside its event loop wakes that loop to write it, and on some machines the
 * wake-up costs more than the rest of a request (docs/benchmarks.md, "The hop off the event
 * loop"); so when nothing given to the channel is still unwritten, a frame goes out at once with
 * {@code write(2)} on a duplicate of the socket's descriptor, made when the channel becomes
 * active ({@link Descriptors}). What the socket does not take at once, and every frame while one
 * is queued, goes through the channel, whose event loop writes them in order. The duplicate is
 * this class's own, closed under its lock once the channel has closed, so a write can never reach
 * a descriptor number the process has since reused; where none can be made (not Linux, not an
 * epoll socket) every frame goes through the channel.
 */
final class TrunkWriter {

    private static final AttributeKey<TrunkWriter> KEY = AttributeKey.valueOf(TrunkWriter.class, "writer");
    private static final Logger log = LoggerFactory.getLogger(TrunkWriter.class);

    private final Channel trunk;
    /** Guarded by this; null once closed or where writes go through the channel only. */
    private FileDescriptor socket;
    /** Guarded by this: frames given to the channel and not yet written or failed. */
    private int queued;

    private TrunkWriter(Channel trunk) {
        this.trunk = trunk;
    }

    /**
     * Before the channel is active: every frame through the channel until it is, and from then on
     * where the descriptor could be duplicated.
     */
    static void install(Channel trunk) {
        TrunkWriter writer = new TrunkWriter(trunk);
        trunk.attr(KEY).set(writer);
        trunk.pipeline().addLast("direct-writes", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                ctx.pipeline().remove(this);
                writer.duplicate();
                ctx.fireChannelActive();
            }
        });
    }

    /** Event loop, where the channel closes its own descriptor: so it is still the socket's here. */
    private void duplicate() {
        if (!(trunk instanceof UnixChannel unix) || !trunk.isOpen()) {
            return;
        }
        try {
            FileDescriptor copy = new FileDescriptor(Descriptors.duplicate(unix.fd().intValue()));
            synchronized (this) {
                socket = copy;
            }
            trunk.closeFuture().addListener(f -> closeSocket());
        } catch (IOException | RuntimeException | LinkageError e) {
            // Not a fault of the connection: its frames keep going through the channel.
            log.debug("answers go through the event loop: the NRI socket could not be duplicated ({})",
                    e.toString());
        }
    }

    /** The trunk's writer; one that only uses the channel if none was installed. */
    static TrunkWriter of(Channel trunk) {
        TrunkWriter writer = trunk.attr(KEY).get();
        if (writer == null) {
            TrunkWriter created = new TrunkWriter(trunk);
            writer = trunk.attr(KEY).setIfAbsent(created);
            if (writer == null) {
                writer = created;
            }
        }
        return writer;
    }

    /** Writes and flushes {@code frame}, taking ownership of it. */
    synchronized void write(ByteBuf frame) {
        if (socket != null && queued == 0 && frame.isDirect() && trunk.isActive()) {
            try {
                if (writeNow(frame)) {
                    frame.release();
                    return;
                }
            } catch (IOException e) {
                frame.release();
                failed(e);
                return;
            }
        }
        queued++;
        if (queued > 1 && trunk.eventLoop().inEventLoop()) {
            // A frame another thread gave the channel may still wait in the loop's task queue, its
            // start already on the socket: written from here at once, this one would land inside it.
            try {
                trunk.eventLoop().execute(() -> throughChannel(frame));
            } catch (RejectedExecutionException e) {
                queued--;
                frame.release(); // the trunk is gone
            }
            return;
        }
        throughChannel(frame);
    }

    /** Any thread; the frame counted in {@link #queued}. */
    private void throughChannel(ByteBuf frame) {
        trunk.writeAndFlush(frame).addListener(f -> {
            synchronized (this) {
                queued--;
            }
        }).addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
    }

    /** Whether frames can skip the channel (for tests). */
    synchronized boolean direct() {
        return socket != null;
    }

    /** Whether the socket took the whole frame; what it took is skipped. */
    private boolean writeNow(ByteBuf frame) throws IOException {
        while (frame.isReadable()) {
            long written;
            if (frame.nioBufferCount() == 1) {
                ByteBuffer buffer = frame.internalNioBuffer(frame.readerIndex(), frame.readableBytes());
                written = socket.write(buffer, buffer.position(), buffer.limit());
            } else {
                ByteBuffer[] buffers = frame.nioBuffers();
                written = socket.writev(buffers, 0, buffers.length, Long.MAX_VALUE);
            }
            if (written <= 0) {
                return false; // the socket is full: the event loop writes the rest when it has room
            }
            frame.skipBytes((int) written);
        }
        return true;
    }

    /** As a failed write through the channel: the pipeline hears of it, and closes the trunk. */
    private void failed(IOException e) {
        try {
            trunk.eventLoop().execute(() -> trunk.pipeline().fireExceptionCaught(e));
        } catch (RejectedExecutionException gone) {
            trunk.close();
        }
    }

    private synchronized void closeSocket() {
        FileDescriptor fd = socket;
        socket = null;
        try {
            fd.close(); // set once, by the event loop, before this listener was added
        } catch (IOException e) {
            // the channel's own descriptor is closed already; nothing else holds this one
        }
    }
}
