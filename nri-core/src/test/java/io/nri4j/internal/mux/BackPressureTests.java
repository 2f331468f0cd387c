package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** Reading pauses while the runtime does not read, and resumes when it does. */
class BackPressureTests {

    private final MuxHarness mux = new MuxHarness(new MuxPipeline.Settings(1 << 20, MuxPipeline.Settings
            .DEFAULTS.stalledReadTimeout()));

    @Test
    void theWatermarksAreSetFromTheSettings() {
        assertThat(mux.channel.config().getWriteBufferHighWaterMark()).isEqualTo(1 << 20);
        assertThat(mux.channel.config().getWriteBufferLowWaterMark()).isEqualTo(1 << 19);
    }

    @Test
    void readingStopsWhileTheTrunkIsNotWritableAndResumesAfter() {
        EmbeddedChannel channel = mux.channel;

        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isFalse();
        assertThat(channel.config().isAutoRead()).as("reading while the runtime does not").isFalse();

        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, true);
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).as("reading once the runtime drained").isTrue();
        mux.assertEverythingReleased();
    }
}
