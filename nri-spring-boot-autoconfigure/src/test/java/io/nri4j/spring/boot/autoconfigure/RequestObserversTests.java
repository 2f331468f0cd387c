package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The application's observers as one: each told in order, each per-request observer in its place. */
class RequestObserversTests {

    private static final RequestContext CONTEXT = new RequestContext("CreateContainer", Event.CREATE_CONTAINER,
            null, null, 0, System.nanoTime());
    private static final RequestOutcome OUTCOME = new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER,
            Duration.ZERO, false, false, Optional.empty(), Optional.empty());

    private final List<String> told = new CopyOnWriteArrayList<>();

    @Test
    void observersWithoutPerRequestOnesShareOneComposite() {
        RequestObservers all = new RequestObservers(List.of(shared("a"), shared("b")));

        RequestObserver started = all.started(CONTEXT, CreateContainerRequest.getDefaultInstance());
        started.completed(OUTCOME);

        assertThat(started).isSameAs(all);
        assertThat(told).containsExactly("a", "b");
    }

    @Test
    void aPerRequestObserverIsToldInItsPlace() {
        RequestObservers all = new RequestObservers(List.of(shared("a"), perRequest("span"), shared("b")));

        all.started(CONTEXT, CreateContainerRequest.getDefaultInstance()).completed(OUTCOME);

        assertThat(told).containsExactly("a", "span of CreateContainer", "b");
    }

    @Test
    void anObserverFailingToStartIsToldAsIfItHadStartedNothing() {
        RequestObserver failing = new RequestObserver() {
            @Override
            public void completed(RequestOutcome outcome) {
                told.add("failing");
            }

            @Override
            public RequestObserver started(RequestContext context, Message request) {
                throw new IllegalStateException("broken");
            }
        };
        RequestObservers all = new RequestObservers(List.of(perRequest("span"), failing));

        all.started(CONTEXT, CreateContainerRequest.getDefaultInstance()).completed(OUTCOME);

        assertThat(told).containsExactly("span of CreateContainer", "failing");
    }

    private RequestObserver shared(String name) {
        return outcome -> told.add(name);
    }

    private RequestObserver perRequest(String name) {
        return new RequestObserver() {
            @Override
            public void completed(RequestOutcome outcome) {
                told.add(name + " shared");
            }

            @Override
            public RequestObserver started(RequestContext context, Message request) {
                return outcome -> told.add(name + " of " + context.request());
            }
        };
    }
}
