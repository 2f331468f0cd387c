package io.nri4j.internal.mux;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Feeds seeded garbage in random read sizes and checks the decoder against a plain model of the
 * mux: it either closes the trunk or delivers exactly the payload bytes the model expects, and
 * nothing escapes the pipeline or stays unreleased.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MuxFrameDecoderGarbageTests {

    private static final int SEEDS = 500;

    @Test
    void framesWithRandomHeadersAreDeliveredOrCloseTheTrunk() {
        int closed = 0;
        int delivered = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            MuxModel outcome = check(seed, framedGarbage(new Random(seed)));
            closed += outcome.closed ? 1 : 0;
            delivered += outcome.conn1.size() + outcome.conn2.size() > 0 ? 1 : 0;
        }
        assertThat(closed).as("seeds that close the trunk").isGreaterThan(SEEDS / 10);
        assertThat(delivered).as("seeds that deliver bytes").isGreaterThan(SEEDS / 10);
    }

    @Test
    void randomBytesAreDeliveredOrCloseTheTrunk() {
        for (long seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            check(seed, bytes);
        }
    }

    private static MuxModel check(long seed, byte[] trunk) {
        Random random = new Random(~seed);
        MuxModel expected = MuxModel.of(trunk);
        MuxHarness mux = new MuxHarness();

        for (int i = 0; i < trunk.length; ) {
            int n = Math.min(trunk.length - i, 1 + random.nextInt(40));
            byte[] read = new byte[n];
            System.arraycopy(trunk, i, read, 0, n);
            mux.feed(read);
            i += n;
        }

        assertThat(mux.isOpen()).as("seed %d: open", seed).isEqualTo(!expected.closed);
        assertThat(mux.plugin.received()).as("seed %d: conn 1", seed).isEqualTo(expected.conn1.toByteArray());
        assertThat(mux.runtime.received()).as("seed %d: conn 2", seed).isEqualTo(expected.conn2.toByteArray());
        if (expected.closed) {
            assertThat(mux.trunkClosed).as("seed %d", seed).singleElement()
                    .satisfies(cause -> assertThat(cause).get().isInstanceOf(MuxCodecException.class));
        }
        mux.assertEverythingReleased();
        return expected;
    }

    /** Frames with plausible and implausible headers, some truncated, mixed with raw junk. */
    private static byte[] framedGarbage(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int segments = 1 + random.nextInt(12);
        for (int s = 0; s < segments; s++) {
            if (random.nextInt(10) == 0) {
                byte[] junk = new byte[1 + random.nextInt(12)];
                random.nextBytes(junk);
                out.writeBytes(junk);
                continue;
            }
            long[] conns = {1, 2, 1, 2, 0, 3, 7, random.nextInt() & 0xFFFF_FFFFL};
            long conn = conns[random.nextInt(conns.length)];
            int roll = random.nextInt(20);
            long length = roll == 0 ? MuxLimits.MAX_PAYLOAD + 1L + random.nextInt(1000)
                    : roll == 1 ? 0xFFFF_FFFFL
                    : random.nextInt(300);
            byte[] payload = new byte[(int) Math.min(length, 300)];
            random.nextBytes(payload);
            if (random.nextInt(8) == 0) {
                payload = Arrays.copyOf(payload, random.nextInt(payload.length + 1));
            }
            out.writeBytes(MuxWire.frame(conn, length, payload));
        }
        return out.toByteArray();
    }
}
