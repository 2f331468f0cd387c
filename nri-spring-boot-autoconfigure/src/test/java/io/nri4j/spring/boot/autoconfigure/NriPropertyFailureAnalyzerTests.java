package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.stub.UnsupportedAdjustments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Bad {@code nri.*} values fail startup with a report that names the property, the value and what works. */
@ExtendWith(OutputCaptureExtension.class)
class NriPropertyFailureAnalyzerTests {

    static class Greeter {
        @OnCreateContainer
        Adjustment greet(Container container) {
            return Adjustment.create().addAnnotation("greeting", "hello");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Handlers {
        @Bean
        Greeter greeter() {
            return new Greeter();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class))
            .withPropertyValues("nri.plugin.name=diag", "nri.plugin.index=10", "nri.socket-path=/nonexistent/nri.sock");

    @Test
    void aNameWithAForbiddenCharacterNamesThePropertyAndTheCharactersAllowed() {
        FailureAnalysis analysis = analysisOf("nri.plugin.name=my plugin");

        assertThat(analysis.getDescription())
                .contains("nri.plugin.name", "\"my plugin\"", "character ' ' is not allowed");
        assertThat(analysis.getAction()).startsWith("Set nri.plugin.name (or NRI_PLUGIN_NAME) to ")
                .contains("letters, digits and '-', '_', '.', '+'");
    }

    @Test
    void aMissingNameNamesThePropertyAndTheVariableThatCanSetIt() {
        FailureAnalysis analysis = analysisOf("nri.plugin.name=");

        assertThat(analysis.getDescription()).isEqualTo("Property nri.plugin.name (or NRI_PLUGIN_NAME) is not set:"
                + " the runtime needs it to register the plugin");
        assertThat(analysis.getAction()).contains("letters, digits");
    }

    @Test
    void anIndexThatIsNotTwoDigitsNamesThePropertyAndTheRange() {
        FailureAnalysis analysis = analysisOf("nri.plugin.index=100");

        assertThat(analysis.getDescription()).contains("nri.plugin.index", "\"100\"", "two digits");
        assertThat(analysis.getAction())
                .startsWith("Set nri.plugin.index (or NRI_PLUGIN_IDX) to two digits, \"00\" to \"99\"");
    }

    @Test
    void unknownEventNamesAreEachNamedAndEveryKnownNameListed() {
        FailureAnalysis analysis = analysisOf("nri.events=createcontainer,startcontainers,bogus");

        assertThat(analysis.getDescription()).isEqualTo("Property nri.events has the invalid value"
                + " \"createcontainer,startcontainers,bogus\": unknown events \"startcontainers\", \"bogus\"");
        assertThat(analysis.getAction()).startsWith("Set nri.events to a comma-separated list of runpodsandbox, ")
                .contains("startcontainer", "validatecontaineradjustment", "or all, pod (podsandbox), container");
    }

    @Test
    void eventsWithoutAHandlerMethodAreNamedWithTheEventsThatHaveOne() {
        FailureAnalysis analysis = analysisOf(runner.withUserConfiguration(Handlers.class),
                "nri.events=createcontainer,stopcontainer");

        assertThat(analysis.getDescription()).contains("nri.events", "no handler method for StopContainer");
        assertThat(analysis.getAction()).isEqualTo("Set nri.events to events that have a handler method:"
                + " createcontainer, or leave it empty to subscribe to all of them.");
    }

    @Test
    void aBudgetFractionOutsideZeroToOneNamesThePropertyAndTheRange() {
        FailureAnalysis analysis = analysisOf("nri.handler.budget.fraction=1.5");

        assertThat(analysis.getDescription()).contains("nri.handler.budget.fraction", "\"1.5\"");
        assertThat(analysis.getAction()).contains("above 0 and below 1", "nri.handler.budget.enabled=false");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"max-sync-bytes, 0B", "max-sync-pods, 0", "max-sync-containers, -1", "max-requests-in-flight, 0",
            "write-buffer-high, 1B", "stalled-read-timeout, -5s"})
    void aLimitTheStubRefusesNamesThePropertyAndTheValue(String limit, String value) {
        FailureAnalysis analysis = analysisOf("nri.limits." + limit + "=" + value);

        assertThat(analysis.getDescription())
                .startsWith("Property nri.limits." + limit + " has the invalid value \"" + value + "\": ");
        assertThat(analysis.getAction()).startsWith("Set nri.limits." + limit + " to a ");
    }

    @Test
    void aLimitOfZeroSaysWhatWorksAndTheDefault() {
        FailureAnalysis analysis = analysisOf("nri.limits.max-sync-pods=0");

        assertThat(analysis.getAction())
                .isEqualTo("Set nri.limits.max-sync-pods to a number above 0 (the default is 10000).");
    }

    @Test
    void aWriteBufferBeyondAnIntSaysSo() {
        FailureAnalysis analysis = analysisOf("nri.limits.write-buffer-high=2GB");

        assertThat(analysis.getDescription()).isEqualTo("Property nri.limits.write-buffer-high has the invalid value"
                + " \"2GB\": over 2147483647 bytes, the most a buffer holds");
        assertThat(analysis.getAction()).isEqualTo(
                "Set nri.limits.write-buffer-high to a size of at least 2B and below 2GB (the default is 8MB).");
    }

    @Test
    void anUnknownUnsupportedAdjustmentsPolicyNamesThePropertyAndThePolicies() {
        FailureAnalysis analysis = analysisOf("nri.adjustments.unsupported=ignore");

        assertThat(analysis.getDescription())
                .isEqualTo("Property nri.adjustments.unsupported has the invalid value \"ignore\": not a policy");
        assertThat(analysis.getAction()).startsWith("Set nri.adjustments.unsupported to warn (").contains(" or fail (");
    }

    @Test
    void theUnsupportedAdjustmentsPolicyIsReadInAnyCaseAndWarnsByDefault() {
        NriAdjustmentsProperties p = new NriAdjustmentsProperties();
        assertThat(NriPropertyChecks.unsupportedAdjustments(p)).isEqualTo(UnsupportedAdjustments.WARN);

        p.setUnsupported(" FAIL");
        assertThat(NriPropertyChecks.unsupportedAdjustments(p)).isEqualTo(UnsupportedAdjustments.FAIL);
    }

    @Test
    void theApplicationFailsWithBootsReport(CapturedOutput output) {
        SpringApplicationBuilder app = new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
                .properties("nri.plugin.name=diag", "nri.plugin.index=7", "nri.socket-path=/nonexistent/nri.sock");

        assertThatException().isThrownBy(app::run);

        assertThat(output).contains("APPLICATION FAILED TO START",
                "Property nri.plugin.index (or NRI_PLUGIN_IDX) has the invalid value \"7\"",
                "Set nri.plugin.index (or NRI_PLUGIN_IDX) to two digits");
    }

    @Test
    void aBadLimitFailsTheApplicationWithBootsReport(CapturedOutput output) {
        SpringApplicationBuilder app = new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
                .properties("nri.plugin.name=diag", "nri.plugin.index=10", "nri.socket-path=/nonexistent/nri.sock",
                        "nri.limits.max-sync-pods=0");

        assertThatException().isThrownBy(app::run);

        assertThat(output).contains("APPLICATION FAILED TO START",
                "Property nri.limits.max-sync-pods has the invalid value \"0\"",
                "Set nri.limits.max-sync-pods to a number above 0 (the default is 10000).");
    }

    private FailureAnalysis analysisOf(String property) {
        return analysisOf(runner, property);
    }

    private static FailureAnalysis analysisOf(ApplicationContextRunner runner, String property) {
        FailureAnalysis[] analysis = new FailureAnalysis[1];
        runner.withPropertyValues(property).run(context -> {
            assertThat(context).hasFailed();
            analysis[0] = new NriPropertyFailureAnalyzer().analyze(context.getStartupFailure());
        });
        assertThat(analysis[0]).as("analysis of %s", property).isNotNull();
        return analysis[0];
    }
}
