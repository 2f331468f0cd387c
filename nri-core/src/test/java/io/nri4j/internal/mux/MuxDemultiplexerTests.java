package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MuxDemultiplexerTests {

    private final List<String> events = new ArrayList<>();
    private final RecordingEndpoint plugin = new RecordingEndpoint();

    @Test
    void dataForAConnWithoutEndpointIsReleased() {
        EmbeddedChannel channel = new EmbeddedChannel(new MuxDemultiplexer(
                Map.of(ConnId.PLUGIN_SERVICE, plugin), cause -> { }));
        ByteBuf stray = Unpooled.copiedBuffer(new byte[] {1, 2, 3});
        ByteBuf mine = Unpooled.copiedBuffer(new byte[] {4});

        channel.writeInbound(new MuxData(ConnId.RUNTIME_SERVICE, stray), new MuxData(ConnId.PLUGIN_SERVICE, mine));

        assertThat(stray.refCnt()).isZero();
        assertThat(plugin.received()).containsExactly(4);
        assertThat(mine.refCnt()).isZero();
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void closeTellsEveryEndpointAndThenTheOwner() {
        EmbeddedChannel channel = new EmbeddedChannel(new MuxDemultiplexer(
                Map.of(ConnId.PLUGIN_SERVICE, endpoint("plugin"), ConnId.RUNTIME_SERVICE, endpoint("runtime")),
                cause -> events.add("owner " + cause)));

        channel.close();

        assertThat(events).containsExactlyInAnyOrder("plugin null", "runtime null", "owner null");
        assertThat(events.get(2)).isEqualTo("owner null");
    }

    @Test
    void anEndpointFailingToCloseDoesNotKeepTheOthersOrTheOwnerUninformed() {
        MuxEndpoint failing = new MuxEndpoint() {
            @Override
            public void onData(ByteBuf bytes) {
                bytes.release();
            }

            @Override
            public void onClose(Throwable cause) {
                events.add("failing");
                throw new IllegalStateException("cannot close");
            }
        };
        EmbeddedChannel channel = new EmbeddedChannel(new MuxDemultiplexer(
                Map.of(ConnId.PLUGIN_SERVICE, failing, ConnId.RUNTIME_SERVICE, endpoint("runtime")),
                cause -> events.add("owner " + cause)));

        channel.close();

        assertThat(events).containsExactlyInAnyOrder("failing", "runtime null", "owner null");
        channel.checkException();
    }

    @Test
    void aCodecFaultClosesTheTrunkAndIsReportedAsTheCause() {
        List<Optional<Throwable>> owner = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel(new MuxDemultiplexer(
                Map.of(ConnId.PLUGIN_SERVICE, plugin), cause -> owner.add(Optional.ofNullable(cause))));
        MuxCodecException fault = new MuxCodecException("frame payload too large");

        channel.pipeline().fireExceptionCaught(fault);
        channel.runPendingTasks();

        assertThat(channel.isOpen()).isFalse();
        assertThat(plugin.closes()).containsExactly(Optional.of(fault));
        assertThat(owner).containsExactly(Optional.of(fault));
        channel.checkException();
    }

    @Test
    void anIoErrorIsThePeerGoingAwayNotAFault() {
        List<Optional<Throwable>> owner = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel(new MuxDemultiplexer(
                Map.of(ConnId.PLUGIN_SERVICE, plugin), cause -> owner.add(Optional.ofNullable(cause))));

        channel.pipeline().fireExceptionCaught(new IOException("connection reset by peer"));
        channel.runPendingTasks();

        assertThat(channel.isOpen()).isFalse();
        assertThat(plugin.closes()).containsExactly(Optional.empty());
        assertThat(owner).containsExactly(Optional.empty());
        channel.checkException();
    }

    private MuxEndpoint endpoint(String name) {
        return new MuxEndpoint() {
            @Override
            public void onData(ByteBuf bytes) {
                bytes.release();
            }

            @Override
            public void onClose(Throwable cause) {
                events.add(name + " " + cause);
            }
        };
    }
}
