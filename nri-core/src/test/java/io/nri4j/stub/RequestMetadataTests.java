package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.PodSandbox;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The ttrpc request's metadata reaches the handler and the observer, an observer's per-request
 * observer is the one told the outcome, and the handler runs in the scope it opens.
 */
class RequestMetadataTests {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<String> told = new CopyOnWriteArrayList<>();
    private DispatchHarness plugin;

    @AfterEach
    void close() {
        if (plugin != null) {
            plugin.close();
        }
    }

    @Test
    void handlerAndObserverSeeTheRuntimesTraceparent() throws Exception {
        plugin = new DispatchHarness(builder(new RequestObserver() {
            @Override
            public void completed(RequestOutcome outcome) {
                told.add("shared " + outcome.request());
            }

            @Override
            public RequestObserver started(RequestContext context, Message request) {
                String traceparent = context.metadataValue("traceparent");
                return outcome -> told.add("own " + outcome.request() + " " + traceparent);
            }
        }));

        long id = plugin.call("CreateContainer", create(), Map.of("traceparent", TRACEPARENT, "other", "x"));

        assertThat(plugin.response(id).getStatus().getCode()).isZero();
        assertThat(seen).containsExactly(TRACEPARENT);
        assertThat(told).containsExactly("own CreateContainer " + TRACEPARENT);
    }

    @Test
    void withoutMetadataTheContextHasNoneAndTheDefaultObserverIsTold() throws Exception {
        plugin = new DispatchHarness(builder(outcome -> told.add("shared " + outcome.request())));

        long id = plugin.call("CreateContainer", create());

        assertThat(plugin.response(id).getStatus().getCode()).isZero();
        assertThat(seen).containsExactly("none");
        assertThat(told).containsExactly("shared CreateContainer");
    }

    @Test
    void anObserverFailingToStartIsToldAllTheSame() throws Exception {
        plugin = new DispatchHarness(builder(new RequestObserver() {
            @Override
            public void completed(RequestOutcome outcome) {
                told.add("shared " + outcome.request());
            }

            @Override
            public RequestObserver started(RequestContext context, Message request) {
                throw new IllegalStateException("broken tracer");
            }
        }));

        long id = plugin.call("CreateContainer", create());

        assertThat(plugin.response(id).getStatus().getCode()).isZero();
        assertThat(told).containsExactly("shared CreateContainer");
    }

    @Test
    void handlerRunsInTheScopeItsRequestsObserverOpenedAndClosedOnItsThread() throws Exception {
        ThreadLocal<String> current = new ThreadLocal<>();
        plugin = new DispatchHarness(NriPlugin.builder().name("trace").index("10").environment(Map.of())
                .enforcement(Enforcement.OFF)
                .observer(new RequestObserver() {
                    @Override
                    public void completed(RequestOutcome outcome) {
                        told.add("shared " + outcome.request());
                    }

                    @Override
                    public RequestObserver started(RequestContext context, Message request) {
                        return new RequestObserver() {
                            @Override
                            public void completed(RequestOutcome outcome) {
                                told.add("own " + outcome.request());
                            }

                            @Override
                            public Scope open() {
                                Thread opener = Thread.currentThread();
                                current.set("span of " + context.request());
                                return () -> {
                                    told.add(Thread.currentThread() == opener ? "closed on its thread" : "elsewhere");
                                    current.remove();
                                };
                            }
                        };
                    }
                })
                .onCreateContainer((request, context) -> {
                    seen.add(String.valueOf(current.get()));
                    return CreateContainerResult.none();
                }));

        long id = plugin.call("CreateContainer", create());

        assertThat(plugin.response(id).getStatus().getCode()).isZero();
        assertThat(seen).containsExactly("span of CreateContainer");
        // Closed when the handler returned, before the answer was observed.
        assertThat(told).containsExactly("closed on its thread", "own CreateContainer");
    }

    private NriPlugin.Builder builder(RequestObserver observer) {
        return NriPlugin.builder().name("trace").index("10").environment(Map.of())
                .enforcement(Enforcement.OFF).observer(observer)
                .onCreateContainer((request, context) -> {
                    String traceparent = context.metadataValue("traceparent");
                    seen.add(traceparent == null ? "none" : traceparent);
                    return CreateContainerResult.none();
                });
    }

    private static CreateContainerRequest create() {
        return CreateContainerRequest.newBuilder().setPod(PodSandbox.newBuilder().setId("pod-1"))
                .setContainer(Container.newBuilder().setId("ctr-1").setPodSandboxId("pod-1")).build();
    }
}
