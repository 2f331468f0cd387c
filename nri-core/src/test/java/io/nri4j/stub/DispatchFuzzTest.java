package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.nri4j.FuzzInputs;
import io.nri4j.internal.mux.MuxDemultiplexer;
import io.nri4j.internal.ttrpc.TtrpcLimits;
import io.nri4j.internal.ttrpc.proto.Response;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes request dispatch: the bytes are conn 1's stream from the runtime, read by the ttrpc
 * server and served by the plugin service with a trivial handler set (see
 * {@link DispatchHarness}), under small limits so that inputs can reach them. Whatever the bytes:
 * a connection given up on was given up for a codec exception; what the plugin holds stays
 * within its limits; every answer is a well-formed ttrpc response of at most 4 MiB. Seeds:
 * {@code src/test/resources/io/nri4j/stub/DispatchFuzzTestInputs/dispatch}.
 */
class DispatchFuzzTest {

    static final Limits LIMITS = Limits.DEFAULTS.withMaxSyncBytes(64 * 1024).withMaxSyncPods(64)
            .withMaxSyncContainers(64).withMaxRequestsInFlight(4);

    /** The first input would pay for loading (and, fuzzing, instrumenting) every class it needs. */
    @BeforeAll
    static void warmUp() throws Exception {
        FuzzInputs.warmUp(DispatchFuzzTest.class, "dispatch", DispatchFuzzTest::check);
    }

    @FuzzTest(maxDuration = "10s")
    void dispatch(byte[] stream) throws Exception {
        FuzzInputs.withinTimeout(() -> check(stream));
    }

    private static void check(byte[] stream) throws Exception {
        try (DispatchHarness plugin = new DispatchHarness(DispatchHarness.trivialPlugin().limits(LIMITS))) {
            plugin.feed(stream);

            plugin.closed.ifPresent(cause -> assertThat(MuxDemultiplexer.isRuntimeFault(cause))
                    .as("given up for %s", cause).isTrue());
            assertThat(plugin.server.activeCalls()).isLessThanOrEqualTo(LIMITS.maxRequestsInFlight());
            assertThat(plugin.service.syncHeldBytes()).isLessThanOrEqualTo(LIMITS.maxSyncBytes());
            ByteBuffer replies = ByteBuffer.wrap(plugin.replyStream());
            while (replies.hasRemaining()) {
                int length = replies.getInt();
                assertThat(length).isBetween(0, TtrpcLimits.MAX_DATA);
                replies.getInt();
                assertThat(replies.get()).as("message type").isEqualTo((byte) 2);
                assertThat(replies.get()).as("flags").isZero();
                byte[] data = new byte[length];
                replies.get(data);
                Response.parseFrom(data);
            }
        }
    }
}
