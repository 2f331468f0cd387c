package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * Stopping the application lets the request in progress finish before the connection closes.
 * The latches and futures here are awaited without a limit of their own: the class's timeout
 * makes a stuck step fail instead of hanging the build.
 */
@Timeout(60)
class GracefulStopTests {

    @Component
    static class Held {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @OnCreateContainer
        Adjustment create(Container container) throws InterruptedException {
            entered.countDown();
            release.await();
            return Adjustment.create().addAnnotation("finished", container.getName());
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void theRequestInProgressFinishesBeforeTheConnectionCloses() throws Exception {
        UpstreamRuntime runtime = apps.runtime(UpstreamRuntime.Mode.LIBRARY,
                UpstreamRuntime.Options.defaults().withRequestTimeout(Duration.ofSeconds(10)));
        ConfigurableApplicationContext app = apps.appSynchronizedWith(runtime, List.of(Held.class),
                "nri.handler.budget.enabled=false");
        Held held = app.getBean(Held.class);

        CompletableFuture<CreateContainerResponse> create = CompletableFuture.supplyAsync(
                () -> runtime.createContainer(pod("p"), container(pod("p"), "held")));
        held.entered.await();
        CompletableFuture<Void> stop = CompletableFuture.runAsync(app::close);
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !stop.isDone());

        held.release.countDown();

        assertThat(create.get().getAdjust().getAnnotationsMap()).containsEntry("finished", "held");
        stop.get();
        assertThat(app.isActive()).isFalse();
        assertThat(runtime.calls()).filteredOn(c -> c.method().equals("CreateContainer"))
                .singleElement().satisfies(c -> assertThat(c.error()).isEmpty());
    }
}
