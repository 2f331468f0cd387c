package io.nri4j.samples.validator;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.NriStub;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The validator against the upstream runtime library, judging the changes of a second plugin,
 * {@code 10-injector}, which every container requires and which may set annotations under
 * {@code injector.example.com/} and nothing else. What the injector does for a pod is up to the
 * pod's {@code inject} annotation.
 */
@SpringBootTest(properties = {
        "policy.required-plugins=injector",
        "policy.plugins.injector.kinds=annotations",
        "policy.plugins.injector.annotation-prefixes=injector.example.com/"})
@EmbeddedNriRuntime
class PolicyValidatorTests {

    @Autowired
    NriTestRuntime runtime;

    @Autowired
    MeterRegistry meters;

    @BeforeEach
    void bothPluginsConnected() {
        runtime.awaitPlugins(2);
    }

    @Test
    void letsThroughWhatThePolicyAllows() {
        PodSandbox pod = pod("allowed", "annotation");

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("injector.example.com/seen", "yes");
    }

    @Test
    void refusesAKindOfChangeThePluginMayNotMake() {
        PodSandbox pod = pod("env", "env");
        double rejectedBefore = rejections("allowed-kinds");
        long outcomesBefore = rejectedRequests();

        String error = runtime.createContainerRefused(pod, TestPods.container(pod, "app").build());

        assertThat(error).isEqualTo("validator \"90-policy-validator\" rejected container adjustment, reason: "
                + "plugin 10-injector set env INJECTED, but it may change only [annotations] (rule allowed-kinds)");
        assertThat(rejections("allowed-kinds")).isEqualTo(rejectedBefore + 1);
        assertThat(rejectedRequests()).isEqualTo(outcomesBefore + 1);
    }

    @Test
    void refusesAnAnnotationOutsideThePluginsPrefixes() {
        PodSandbox pod = pod("foreign", "foreign-annotation");
        double before = rejections("annotation-prefix");

        String error = runtime.createContainerRefused(pod, TestPods.container(pod, "app").build());

        assertThat(error).contains("plugin 10-injector set annotation team.example.com/owner, but it may change only "
                + "annotations starting with [injector.example.com/] (rule annotation-prefix)");
        assertThat(rejections("annotation-prefix")).isEqualTo(before + 1);
    }

    @Test
    void refusesAContainerWhosePodRequiresAPluginThatIsMissing() {
        PodSandbox pod = pod("needs-gpu", "annotation").toBuilder()
                .putAnnotations("required-plugins.noderesource.dev", "[gpu]").build();
        double before = rejections("required-plugin");

        String error = runtime.createContainerRefused(pod, TestPods.container(pod, "app").build());

        assertThat(error).contains("plugin gpu is not running, but this container requires it "
                + "(rule required-plugin)").doesNotContain("plugin injector");
        assertThat(rejections("required-plugin")).isEqualTo(before + 1);
    }

    private static PodSandbox pod(String name, String inject) {
        return TestPods.pod(name).putAnnotations("inject", inject).build();
    }

    private double rejections(String rule) {
        return meters.get(PolicyValidator.REJECTIONS).tag("rule", rule).counter().count();
    }

    private long rejectedRequests() {
        return meters.get("nri.plugin.requests").tag("request", "ValidateContainerAdjustment")
                .tag("outcome", "rejected").timer().count();
    }

    /**
     * The plugin whose changes the policy judges: a plain nri-core plugin on the same runtime, before
     * the validator.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class InjectorPlugin {

        @Bean
        NriStub injector(NriTestRuntime runtime) {
            return runtime.connect(NriPlugin.builder().name("injector").index("10")
                    .onCreateContainer((request, context) -> CreateContainerResult.of(
                            switch (request.getPod().getAnnotationsOrDefault("inject", "")) {
                                case "annotation" ->
                                        Adjustment.create().addAnnotation("injector.example.com/seen", "yes");
                                case "foreign-annotation" ->
                                        Adjustment.create().addAnnotation("team.example.com/owner", "injector");
                                case "env" -> Adjustment.create().addEnv("INJECTED", "1");
                                default -> Adjustment.create();
                            })));
        }
    }
}
