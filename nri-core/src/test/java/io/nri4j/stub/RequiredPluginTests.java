package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.FailurePolicy;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RequiredPluginTests {

    private static final Optional<FailurePolicy> FAIL_REQUEST =
            Optional.of(FailurePolicy.newBuilder().setFailRequest(true).build());

    @Test
    void aRequiredPluginAsksTheRuntimeToFailRequestsItDoesNotAnswer() {
        NriPlugin plugin = plugin().required(true).build();

        assertThat(plugin.required()).isTrue();
        assertThat(plugin.failurePolicy()).contains(FailurePolicy.newBuilder().setFailRequest(true).build());
    }

    @Test
    void aRequiredPluginKeepsTheFailurePolicyItWasGiven() {
        FailurePolicy keepAndFail = FailurePolicy.newBuilder().setFailRequest(true).setKeepConnected(true).build();
        FailurePolicy failOpen = FailurePolicy.newBuilder().setKeepConnected(true).build();

        assertThat(plugin().required(true).failurePolicy(keepAndFail).build().failurePolicy()).contains(keepAndFail);
        assertThat(plugin().required(true).failurePolicy(failOpen).build().failurePolicy()).contains(failOpen);
    }

    @Test
    void aPluginThatIsNotRequiredSendsNoFailurePolicyUnlessGivenOne() {
        NriPlugin plugin = plugin().build();

        assertThat(plugin.required()).isFalse();
        assertThat(plugin.failurePolicy()).isEmpty();
    }

    @Test
    void aRuntimeWithTheValidatorAndTheFailurePolicyLacksNothing() {
        assertThat(Handshake.failClosedGaps("60-p", runtime("v2.5.0", "v0.12.4"), FAIL_REQUEST)).isEmpty();
    }

    @Test
    void aRuntimeBeforeNri0124LacksTheFailurePolicyOnlyWhenThePluginAsksForIt() {
        assertThat(Handshake.failClosedGaps("60-p", runtime("v2.4.2", "v0.12.3"), FAIL_REQUEST)).contains(
                "Plugin 60-p is required, but containerd v2.4.2 (NRI v0.12.3) has no failure policy (NRI v0.12.4 and"
                        + " later): a request the plugin does not answer in time goes on without it");
        assertThat(Handshake.failClosedGaps("60-p", runtime("v2.4.2", "v0.12.3"), Optional.empty())).isEmpty();
    }

    @Test
    void aRuntimeBeforeNri0100LacksTheValidatorToo() {
        assertThat(Handshake.failClosedGaps("60-p", runtime("v2.1.9", ""), FAIL_REQUEST)).contains(
                "Plugin 60-p is required, but containerd v2.1.9 (NRI v0.8.0, inferred) has no default validator"
                        + " with required_plugins (NRI v0.10.0 and later): containers are created while the plugin is"
                        + " absent; and no failure policy (NRI v0.12.4 and later): a request the plugin does not"
                        + " answer in time goes on without it");
    }

    private static NriPlugin.Builder plugin() {
        return NriPlugin.builder().name("p").index("60").onStartContainer((request, context) -> { })
                .environment(Map.of());
    }

    private static RuntimeInfo runtime(String version, String nri) {
        return RuntimeInfo.from(ConfigureRequest.newBuilder().setRuntimeName("containerd").setRuntimeVersion(version)
                .setNRIVersion(nri).build());
    }
}
