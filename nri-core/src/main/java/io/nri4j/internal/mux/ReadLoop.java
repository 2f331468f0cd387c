package io.nri4j.internal.mux;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.unix.Socket;
import io.netty.channel.unix.UnixChannel;
import io.nri4j.internal.transport.Descriptors;
import io.nri4j.internal.transport.Readiness;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The trunk's read side when a handler thread reads it ({@link TrunkReader}): waits for bytes on
 * a duplicate of the socket, decodes them into frames and routes them to the endpoints, until the
 * endpoints have accepted a request to run. Whoever leads, one thread at a time: the leadership's
 * hand-over orders its state.
 */
final class ReadLoop {

    /** What one read asks for: the runtime's messages are small, a large one takes several. */
    private static final int READ_SIZE = 64 << 10;

    /** What becomes of what was read. */
    enum Outcome { TASKS, CLOSED, ENDED }

    private final Socket socket;
    private final Readiness readiness;
    private final ByteBufAllocator alloc;
    private final MuxFrameDecoder decoder = new MuxFrameDecoder();
    private final MuxDemultiplexer demux;
    private final long stallNanos;
    private final List<Object> frames = new ArrayList<>();
    private final Object pause = new Object();
    /** The requests decoding accepted, to run once it is done. */
    final List<Runnable> accepted = new ArrayList<>(2);
    private ByteBuf buffer;
    private long lastRead = System.nanoTime();
    /** What ended reading: null for the runtime's EOF. */
    Throwable failure;

    /**
     * Event loop, while the channel's own descriptor is surely the socket's: a reading side on a
     * duplicate of it.
     *
     * @throws IOException with the reason, where the socket cannot be read this way
     */
    static ReadLoop open(UnixChannel channel, ByteBufAllocator alloc, MuxDemultiplexer demux, long stallNanos)
            throws IOException {
        Socket socket = new Socket(Descriptors.duplicate(channel.fd().intValue()));
        try {
            return new ReadLoop(socket, Readiness.open(socket.intValue()), alloc, demux, stallNanos);
        } catch (IOException | RuntimeException | LinkageError e) {
            socket.close();
            throw e;
        }
    }

    private ReadLoop(Socket socket, Readiness readiness, ByteBufAllocator alloc, MuxDemultiplexer demux,
            long stallNanos) {
        this.socket = socket;
        this.readiness = readiness;
        this.alloc = alloc;
        this.demux = demux;
        this.stallNanos = stallNanos;
    }

    /**
     * Reads until decoding has accepted requests (left in {@link #accepted}), the trunk is closing,
     * or reading has ended (EOF, an I/O error, a fault of the runtime's, in {@link #failure}).
     */
    Outcome read(TrunkReader reader) {
        try {
            while (true) {
                if (reader.isClosed()) {
                    return Outcome.CLOSED;
                }
                if (!awaitWritable(reader)) {
                    return Outcome.CLOSED;
                }
                if (!awaitBytes()) {
                    if (partial() && System.nanoTime() - lastRead >= stallNanos && reader.isWritable()) {
                        failure = new MuxCodecException("part of a frame, then nothing for "
                                + TimeUnit.NANOSECONDS.toMillis(stallNanos) + " ms");
                        return Outcome.ENDED;
                    }
                    continue;
                }
                int n = readSome();
                if (n < 0) {
                    return Outcome.ENDED; // EOF: an orderly end
                }
                if (n > 0) {
                    lastRead = System.nanoTime();
                    decode();
                    if (!accepted.isEmpty()) {
                        return Outcome.TASKS;
                    }
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            // An error too ends the connection (with its cause logged), not reading alone.
            failure = e;
            return Outcome.ENDED;
        }
    }

    /** Whether bytes are there; false when the stall clock may have run out, or a signal came. */
    private boolean awaitBytes() throws IOException {
        if (!partial()) {
            return readiness.await(-1);
        }
        long left = lastRead + stallNanos - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        return readiness.await((int) Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(left) + 1));
    }

    /** Waits while the runtime does not read what the plugin writes (back-pressure); false once closed. */
    private boolean awaitWritable(TrunkReader reader) {
        if (reader.isWritable()) {
            return true;
        }
        synchronized (pause) {
            while (!reader.isClosed() && !reader.isWritable()) {
                try {
                    pause.wait();
                } catch (InterruptedException e) {
                    // a cancelled handler's late interrupt: nothing to do with reading
                }
            }
        }
        lastRead = System.nanoTime(); // the stall clock restarts: the runtime did not stall
        return !reader.isClosed();
    }

    /** Any thread: a leader paused by back-pressure looks again (writable, or closed). */
    void wake() {
        synchronized (pause) {
            pause.notifyAll();
        }
    }

    private int readSome() throws IOException {
        if (buffer == null) {
            buffer = alloc.directBuffer(READ_SIZE);
        } else if (buffer.refCnt() > 1) {
            // Someone still holds a slice of it: leave it to them, keep what is left of a header.
            ByteBuf fresh = alloc.directBuffer(READ_SIZE);
            fresh.writeBytes(buffer);
            buffer.release();
            buffer = fresh;
        } else {
            buffer.discardReadBytes(); // at most a header's worth less one byte is left
        }
        ByteBuffer nio = buffer.internalNioBuffer(buffer.writerIndex(), buffer.writableBytes());
        int n = socket.read(nio, nio.position(), nio.limit());
        if (n > 0) {
            buffer.writerIndex(buffer.writerIndex() + n);
        }
        return n;
    }

    private void decode() {
        int routed = 0;
        try {
            decoder.decodeRead(buffer, frames);
            for (Object frame : frames) {
                routed++; // the endpoint releases it, whatever happens there
                demux.route((MuxData) frame);
            }
        } finally {
            for (int i = routed; i < frames.size(); i++) {
                ((MuxData) frames.get(i)).bytes().release();
            }
            frames.clear();
        }
    }

    /** Whether a frame or message has been started and not completed. */
    private boolean partial() {
        return (buffer != null && buffer.isReadable()) || decoder.inPayload() || demux.isPartial();
    }

    /** Any thread: wakes the leader's wait with the socket's end (the trunk is closing anyway). */
    void shutdown() {
        try {
            socket.shutdown();
        } catch (IOException e) {
            // already shut down, or the runtime's end is gone: the leader wakes either way
        }
    }

    /** After the last reader: the buffer and the descriptors go. */
    void release() {
        if (buffer != null) {
            buffer.release();
            buffer = null;
        }
        try {
            readiness.close();
        } catch (IOException e) {
            // an epoll instance nobody waits on any more
        }
        try {
            socket.close();
        } catch (IOException e) {
            // the channel's own descriptor has gone too; nothing else holds this one
        }
    }
}
