package io.nri4j.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitedLogTests {

    private final RecordingLogger logger = new RecordingLogger();
    private final AtomicLong now = new AtomicLong(1_000);
    private final RateLimitedLog log = new RateLimitedLog(logger, now::get);

    @Test
    void aBurstOfOneCauseLogsOneLine() {
        for (int i = 0; i < 100_000; i++) {
            log.warn("even-stream", "stream {}: answering InvalidArgument", i * 2);
        }

        assertThat(logger.lines).containsExactly("WARN stream 0: answering InvalidArgument");
    }

    @Test
    void theNextLineAfterTheWindowSaysHowManyWereHeldBack() {
        for (int i = 0; i < 5; i++) {
            log.warn("even-stream", "stream {}", i);
        }
        now.addAndGet(TimeUnit.SECONDS.toNanos(10));
        log.warn("even-stream", "stream {}", 99);
        log.warn("even-stream", "stream {}", 100);

        assertThat(logger.lines).containsExactly("WARN stream 0",
                "WARN stream 99 (4 similar lines suppressed in the last 10 s)");
    }

    @Test
    void causesAreLimitedIndependently() {
        log.warn("a", "first a");
        log.info("b", "first b");
        log.warn("a", "second a");
        log.info("b", "second b");

        assertThat(logger.lines).containsExactly("WARN first a", "INFO first b");
    }

    @Test
    void aThrowableStaysTheLastArgument() {
        for (int i = 0; i < 3; i++) {
            log.warn("x", "failed {}", i, new IllegalStateException("boom"));
        }
        now.addAndGet(TimeUnit.SECONDS.toNanos(11));
        log.warn("x", "failed {}", 3, new IllegalStateException("boom"));

        assertThat(logger.lines).containsExactly("WARN failed 0 !boom",
                "WARN failed 3 (2 similar lines suppressed in the last 10 s) !boom");
    }
}
