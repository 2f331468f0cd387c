package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code nri.required} makes the plugin fail-closed; asking for fail-open as well is allowed and
 * said once at startup.
 */
@ExtendWith(OutputCaptureExtension.class)
class NriRequiredTests {

    private static final String FAIL_OPEN = "Plugin 10-required is required but asks for fail-open";
    // Logged once the plugin was built and tries the (missing) socket.
    private static final String BUILT = "NRI plugin 10-required: cannot connect to the NRI socket";

    static class Handlers {
        @OnCreateContainer
        Adjustment create(Container container) {
            return Adjustment.create();
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class))
            .withBean(Handlers.class)
            .withPropertyValues("nri.plugin.name=required", "nri.plugin.index=10",
                    "nri.socket-path=/nonexistent/nri.sock");

    @Test
    void aRequiredPluginThatAsksForFailOpenSaysSoOnce(CapturedOutput output) {
        runner.withPropertyValues("nri.required=true", "nri.failure-policy.fail-request=false").run(context -> {
            await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains(BUILT));
            assertThat(output.getOut().lines().filter(line -> line.contains(FAIL_OPEN)))
                    .singleElement().asString()
                    .contains("WARN")
                    .contains("a request it does not answer in time goes on without it");
        });
    }

    @Test
    void aRequiredPluginFailsRequestsEvenWhenOnlyKeepConnectedIsSet(CapturedOutput output) {
        runner.withPropertyValues("nri.required=true", "nri.failure-policy.keep-connected=true").run(context -> {
            await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains(BUILT));
            assertThat(output.getOut()).doesNotContain(FAIL_OPEN);
        });
    }

    @Test
    void aPluginThatIsNotRequiredMayFailOpenWithoutAWord(CapturedOutput output) {
        runner.withPropertyValues("nri.failure-policy.fail-request=false").run(context -> {
            await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains(BUILT));
            assertThat(output.getOut()).doesNotContain("is required");
            assertThat(context.getBean(NriProperties.class).isRequired()).isFalse();
        });
    }
}
