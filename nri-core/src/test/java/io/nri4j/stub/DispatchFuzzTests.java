package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.nri4j.FuzzInputs;
import io.nri4j.internal.mux.MuxDemultiplexer;
import io.nri4j.internal.ttrpc.TtrpcLimits;
import io.nri4j.internal.ttrpc.proto.Response;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes request dispatch: the bytes are conn 1's stream from the runtime, read by the ttrpc
 * server and served by the plugin service with a trivial handler set (see
 * {@link DispatchHarness}), then by an enforcing plugin without a Synchronize handler (which
 * reads a Synchronize from its bytes), under small limits so that inputs can reach them.
 * Whatever the bytes: a connection given up on was given up for a codec exception; every request accepted was
 * answered; what the plugin holds stays within its limits; every answer is a well-formed ttrpc
 * response of at most 4 MiB. Each input runs within {@link FuzzInputs#TIMEOUT}. Seeds:
 * {@code src/test/resources/io/nri4j/stub/DispatchFuzzTestsInputs/dispatch}.
 */
class DispatchFuzzTests {

    static final Limits LIMITS = Limits.DEFAULTS.withMaxSyncBytes(64 * 1024).withMaxSyncPods(64)
            .withMaxSyncContainers(64).withMaxRequestsInFlight(4);

    /** The first input would pay for loading (and, fuzzing, instrumenting) every class it needs. */
    @BeforeAll
    static void warmUp() throws Exception {
        FuzzInputs.warmUp(DispatchFuzzTests.class, "dispatch", DispatchFuzzTests::check);
    }

    @FuzzTest(maxDuration = "10s")
    void dispatch(byte[] stream) throws Exception {
        FuzzInputs.withinTimeout(() -> check(stream));
    }

    private static void check(byte[] stream) throws Exception {
        check(stream, DispatchHarness.trivialPlugin());
        // Enforcing, without a Synchronize handler: the Synchronize is read from its bytes.
        check(stream, NriPlugin.builder().name("fuzz").index("10").environment(Map.of())
                .onCreateContainer((request, context) -> CreateContainerResult.none())
                .enforcement(Enforcement.DEFAULTS));
    }

    private static void check(byte[] stream, NriPlugin.Builder builder) throws Exception {
        try (DispatchHarness plugin = new DispatchHarness(builder.limits(LIMITS))) {
            plugin.feed(stream);

            plugin.closed.ifPresent(cause -> assertThat(MuxDemultiplexer.isRuntimeFault(cause))
                    .as("given up for %s", cause).isTrue());
            // Handlers run on the feeding thread here: every request accepted has been answered.
            assertThat(plugin.server.activeCalls()).isZero();
            assertThat(plugin.service.syncHeldBytes()).isLessThanOrEqualTo(LIMITS.maxSyncBytes());
            List<Long> asked = streamIds(stream);
            List<Long> answered = new ArrayList<>();
            ByteBuffer replies = ByteBuffer.wrap(plugin.replyStream());
            while (replies.hasRemaining()) {
                int length = replies.getInt();
                assertThat(length).isBetween(0, TtrpcLimits.MAX_DATA);
                answered.add(replies.getInt() & 0xFFFF_FFFFL);
                assertThat(replies.get()).as("message type").isEqualTo((byte) 2);
                assertThat(replies.get()).as("flags").isZero();
                byte[] data = new byte[length];
                replies.get(data);
                Response.parseFrom(data);
            }
            assertThat(answered).as("answers, each to a message of the runtime").hasSizeLessThanOrEqualTo(asked.size());
            assertThat(asked).as("the runtime's messages").containsAll(answered);
        }
    }

    /** The stream ids of the complete messages in {@code stream}, in order. */
    private static List<Long> streamIds(byte[] stream) {
        List<Long> ids = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(stream);
        while (in.remaining() >= TtrpcLimits.HEADER_LENGTH) {
            long length = in.getInt() & 0xFFFF_FFFFL;
            long id = in.getInt() & 0xFFFF_FFFFL;
            in.getShort();
            if (in.remaining() < length) {
                break;
            }
            ids.add(id);
            in.position(in.position() + (int) length);
        }
        return ids;
    }
}
