package io.nri4j.spring.requests;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.RequestOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request as the endpoint lists it. Made on the request path, so it only keeps references
 * to what the outcome already holds; {@link #toMap()} does the formatting when someone reads.
 *
 * @param sequence the request's place in the order of recording, from 0
 * @param epochMillis when it was answered
 * @param request the request's name, e.g. {@code CreateContainer} or {@code Synchronize}
 * @param pod the pod it is about; the default instance for none
 * @param container the container it is about; the default instance for none
 * @param verdict what came of it
 * @param elapsed from reading the request to having the answer
 * @param error why it failed; null if it did not
 * @param rejection a validator's reason for rejecting; null otherwise
 */
public record RecentRequest(long sequence, long epochMillis, String request, PodSandbox pod, Container container,
        Verdict verdict, Duration elapsed, Throwable error, String rejection) {

    static RecentRequest of(long sequence, long epochMillis, RequestOutcome outcome) {
        Verdict verdict = Verdict.of(outcome);
        return new RecentRequest(sequence, epochMillis,
                outcome.request(), outcome.pod(),
                outcome.container(), verdict, outcome.elapsed(), outcome.error().orElse(null),
                verdict == Verdict.REJECTED ? Rejections.reason(outcome) : null);
    }

    /** The JSON form: time, event, subject, outcome, reason (if any), duration. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.ofEpochMilli(epochMillis).toString());
        m.put("event", request);
        Map<String, String> subject = Subjects.of(pod, container);
        if (!subject.isEmpty()) {
            m.put("subject", subject);
        }
        m.put("outcome", verdict.label());
        if (error != null) {
            m.put("reason", Rejections.describe(error));
        } else if (rejection != null) {
            m.put("reason", rejection);
        }
        m.put("durationMillis", elapsed.toNanos() / 1_000_000.0);
        return m;
    }
}
