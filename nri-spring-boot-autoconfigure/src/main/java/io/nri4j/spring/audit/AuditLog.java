package io.nri4j.spring.audit;

import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.internal.log.LineBudget;
import io.nri4j.spring.requests.Rejections;
import io.nri4j.spring.requests.Subjects;
import io.nri4j.spring.requests.Verdict;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per request the runtime made, at INFO on the logger {@code io.nri4j.audit}:
 * <pre>
 * event=CreateContainer subject=default/web/app outcome=adjusted duration=1.8ms
 *     changes="annotations [a], env [B=&lt;redacted&gt;]"
 * </pre>
 * (one line in the log). At most {@code maxLinesPerSecond} lines a second; those dropped are counted in one line
 * ({@code dropped=12 ...}) before the next line written.
 */
public final class AuditLog implements RequestObserver {

    /** The audit logger's name: route or silence it on its own. */
    public static final String LOGGER = "io.nri4j.audit";

    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    private final LineBudget budget;
    private final int maxLinesPerSecond;
    private final Consumer<String> out;

    /** Lines to the audit logger, timed by {@link System#nanoTime()}. */
    public AuditLog(int maxLinesPerSecond) {
        this(maxLinesPerSecond, System::nanoTime, log::info);
    }

    /**
     * @param nanoTime the clock the rate limit counts seconds on
     * @param out where the lines go
     */
    AuditLog(int maxLinesPerSecond, LongSupplier nanoTime, Consumer<String> out) {
        this.budget = new LineBudget(maxLinesPerSecond, 1_000_000_000L, nanoTime);
        this.maxLinesPerSecond = maxLinesPerSecond;
        this.out = out;
    }

    @Override
    public void completed(RequestOutcome outcome) {
        long dropped = budget.take();
        if (dropped < 0) {
            return;
        }
        if (dropped > 0) {
            out.accept("dropped=" + dropped + " reason=\"over nri.audit.max-lines-per-second=" + maxLinesPerSecond
                    + "\"");
        }
        out.accept(line(outcome));
    }

    /** The line for one request. */
    static String line(RequestOutcome outcome) {
        Verdict verdict = Verdict.of(outcome);
        StringBuilder line = new StringBuilder(160).append("event=").append(outcome.request())
                .append(" subject=").append(quoted(Subjects.path(outcome.pod(), outcome.container())))
                .append(" outcome=").append(verdict.label())
                .append(" duration=").append(String.format(Locale.ROOT, "%.1fms", outcome.elapsed().toNanos() / 1e6));
        outcome.error().ifPresent(e -> line.append(" reason=").append(quoted(Rejections.describe(e))));
        if (verdict == Verdict.REJECTED) {
            line.append(" reason=").append(quoted(Rejections.reason(outcome)));
        }
        if (outcome.response().orElse(null) instanceof CreateContainerResponse c) {
            if (c.hasAdjust()) {
                line.append(" changes=").append(quoted(AdjustmentSummary.of(c.getAdjust())));
            }
            if (c.getUpdateCount() > 0) {
                line.append(" updates=").append(c.getUpdateCount());
            }
        } else if (outcome.updates() > 0) {
            line.append(" updates=").append(outcome.updates());
        }
        return line.toString();
    }

    /** Bare when it needs no quotes; quoted otherwise, inner quotes and line breaks escaped: one line, always. */
    private static String quoted(String value) {
        boolean plain = !value.isEmpty() && value.chars().allMatch(ch -> ch > ' ' && ch != '"' && ch != '\\'
                && ch < 0x7f);
        if (plain) {
            return value;
        }
        StringBuilder b = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> b.append(ch < ' ' ? ' ' : ch);
            }
        }
        return b.append('"').toString();
    }
}
