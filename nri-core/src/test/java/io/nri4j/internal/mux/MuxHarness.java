package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The receiving half of a trunk as the stub builds it ({@link MuxPipeline}) in an
 * {@link EmbeddedChannel}, with a recording endpoint per conn. Everything runs on the test
 * thread, and time only moves when the test says so.
 */
final class MuxHarness {

    final RecordingEndpoint plugin = new RecordingEndpoint();
    final RecordingEndpoint runtime = new RecordingEndpoint();
    final TrackingAllocator allocator = new TrackingAllocator();
    /** What the demultiplexer told its owner, once per close: the cause, empty if orderly. */
    final List<Optional<Throwable>> trunkClosed = new ArrayList<>();
    final EmbeddedChannel channel;
    private final List<ByteBuf> fed = new ArrayList<>();

    MuxHarness() {
        this(MuxPipeline.Settings.DEFAULTS);
    }

    MuxHarness(MuxPipeline.Settings settings) {
        channel = new EmbeddedChannel();
        channel.freezeTime();
        MuxPipeline.install(channel, Map.of(ConnId.PLUGIN_SERVICE, plugin, ConnId.RUNTIME_SERVICE, runtime),
                cause -> trunkClosed.add(Optional.ofNullable(cause)), settings);
        channel.config().setAllocator(allocator);
    }

    /** Moves the channel's clock and runs what became due. */
    MuxHarness advance(Duration time) {
        channel.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        channel.runPendingTasks();
        return this;
    }

    /** Feeds {@code bytes} in reads of {@code chunk} bytes; reads after the trunk closed are dropped. */
    MuxHarness feed(byte[] bytes, int chunk) {
        for (int i = 0; i < bytes.length; i += chunk) {
            ByteBuf read = Unpooled.copiedBuffer(bytes, i, Math.min(chunk, bytes.length - i));
            fed.add(read);
            if (channel.isOpen()) {
                channel.writeInbound(read);
            } else {
                read.release();
            }
        }
        channel.runPendingTasks();
        return this;
    }

    MuxHarness feed(byte[] bytes) {
        return feed(bytes, Math.max(1, bytes.length));
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    /** Closes the trunk the way EOF would. */
    void close() {
        channel.close();
        channel.runPendingTasks();
    }

    /** Every buffer fed, allocated or delivered has been released. */
    void assertEverythingReleased() {
        channel.finishAndReleaseAll();
        List<ByteBuf> all = new ArrayList<>(fed);
        all.addAll(allocator.allocated());
        all.addAll(plugin.deliveries());
        all.addAll(runtime.deliveries());
        assertThat(all).allSatisfy(buf -> assertThat(buf.refCnt()).as("refCnt of %s", buf).isZero());
    }

    /** {@code n} bytes of a recognisable pattern starting at {@code seed}. */
    static byte[] pattern(int n, int seed) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) ((seed + i) % 251);
        }
        return bytes;
    }
}
