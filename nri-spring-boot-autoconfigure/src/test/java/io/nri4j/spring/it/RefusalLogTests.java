package io.nri4j.spring.it;

import static io.nri4j.spring.it.PluginApps.container;
import static io.nri4j.spring.it.PluginApps.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import io.nri4j.stub.ValidationResult;
import io.nri4j.test.runtime.RuntimeOperationException;
import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.stereotype.Component;

/**
 * A container the plugin refuses, by a handler that throws or a validator that rejects, is one
 * log line with the reason; the stack trace only at DEBUG.
 */
@ExtendWith(OutputCaptureExtension.class)
class RefusalLogTests {

    @Component
    static class Refuser {
        @OnCreateContainer
        Adjustment create(PodSandbox pod, Container container) {
            if (pod.getId().equals("greedy")) {
                throw new IllegalStateException("no CPU left for pod it/greedy");
            }
            return null;
        }

        @OnValidateContainerAdjustment
        ValidationResult validate(PodSandbox pod) {
            return pod.getId().equals("forbidden") ? ValidationResult.reject("privileged containers are not allowed")
                    : ValidationResult.accept();
        }
    }

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aFailingHandlerIsOneWarningLineWithItsReasonAndWhereItFailed(CapturedOutput output) {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(Refuser.class));

        assertThatThrownBy(() -> runtime.createContainer(pod("greedy"), container(pod("greedy"), "c")))
                .isInstanceOf(RuntimeOperationException.class).hasMessageContaining("no CPU left for pod it/greedy");

        String line = await().atMost(Duration.ofSeconds(10)).until(() -> lineWith(output, "handler failed for"),
                l -> l != null);
        assertThat(line).contains("WARN").contains("CreateContainer handler failed for")
                .contains(": no CPU left for pod it/greedy (IllegalStateException at "
                        + Refuser.class.getName() + ".create(RefusalLogTests.java:");
        assertThat(stackTraceLines(output)).isEmpty();
    }

    @Test
    void aFailingHandlersStackTraceIsLoggedAtDebug(CapturedOutput output) {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(Refuser.class), "logging.level.io.nri4j.stub.HandlerInvoker=debug");

        assertThatThrownBy(() -> runtime.createContainer(pod("greedy"), container(pod("greedy"), "c")))
                .isInstanceOf(RuntimeOperationException.class);

        await().atMost(Duration.ofSeconds(10)).until(() -> stackTraceLines(output).stream()
                .anyMatch(l -> l.contains(Refuser.class.getName() + ".create(")));
        assertThat(output.getOut()).contains("DEBUG").contains("java.lang.IllegalStateException: no CPU left");
    }

    @Test
    void aValidatorsRejectionIsOneInfoLineWithItsReason(CapturedOutput output) {
        UpstreamRuntime runtime = apps.runtime();
        apps.appSynchronizedWith(runtime, List.of(Refuser.class));

        assertThatThrownBy(() -> runtime.createContainer(pod("forbidden"), container(pod("forbidden"), "c")))
                .isInstanceOf(RuntimeOperationException.class).hasMessageContaining("privileged containers");

        String line = await().atMost(Duration.ofSeconds(10)).until(() -> lineWith(output, "rejected"),
                l -> l != null);
        assertThat(line).contains("INFO").contains("ValidateContainerAdjustment handler rejected")
                .endsWith(": privileged containers are not allowed");
        assertThat(stackTraceLines(output)).isEmpty();
    }

    private static String lineWith(CapturedOutput output, String text) {
        return output.getOut().lines().filter(l -> l.contains(text)).findFirst().orElse(null);
    }

    /** Lines of a logged stack trace: frames and causes. */
    private static List<String> stackTraceLines(CapturedOutput output) {
        return output.getOut().lines().filter(l -> l.startsWith("\tat ") || l.startsWith("Caused by: ")).toList();
    }
}
