package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SubscriptionTests {

    private static final EventMask CREATE = EventMask.of(Event.CREATE_CONTAINER);
    private static final EventMask NEWER = EventMask.of(Event.UPDATE_POD_SANDBOX, Event.VALIDATE_CONTAINER_ADJUSTMENT);
    private static final EventMask WANTED = CREATE.or(NEWER);

    @Test
    void aReportedVersionIsTakenAsItIsAndSaysNothing() {
        Subscription s = Subscription.choose(runtime("containerd", "v2.4.0", "v0.12.5"), WANTED);

        assertThat(s.subscribed()).isEqualTo(WANTED);
        assertThat(s.leftOut()).isEqualTo(EventMask.NONE);
        assertThat(s.note()).isEmpty();
    }

    @Test
    void aVersionInferredFromTheReleaseLeavesOutWhatItDoesNotKnowAndSaysSo() {
        Subscription s = Subscription.choose(runtime("containerd", "v2.1.3", ""), WANTED);

        assertThat(s.subscribed()).isEqualTo(CREATE);
        assertThat(s.leftOut()).isEqualTo(NEWER);
        assertThat(s.warn()).isTrue();
        assertThat(s.note()).contains("containerd \"v2.1.3\" reports no NRI version; assuming NRI v0.8.0, the version"
                + " containerd v2.1.3 ships; left out: UpdatePodSandbox,ValidateContainerAdjustment"
                + " (unknown to NRI v0.8.0)");
    }

    @Test
    void aDistributionsVersionIsReadAsTheReleaseItWasBuiltFrom() {
        Subscription s = Subscription.choose(runtime("containerd", "1.7.24~ds1", ""), WANTED);

        assertThat(s.subscribed()).isEqualTo(CREATE);
        assertThat(s.note()).get().asString()
                .startsWith("containerd \"1.7.24~ds1\" reports no NRI version; assuming NRI v0.6.1, the version"
                        + " containerd v1.7.24 ships;");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "unknown", "(devel)", "v1.6.30", "latest"})
    void anUnknownVersionSubscribesOnlyToWhatEveryRuntimeAccepts(String version) {
        Subscription s = Subscription.choose(runtime("containerd", version, ""), WANTED);

        assertThat(s.subscribed()).isEqualTo(CREATE);
        assertThat(s.subscribed().bits() & ~EventMask.BEFORE_V0_10.bits()).as("bits v0.8.0 refuses").isZero();
        assertThat(s.warn()).isTrue();
        assertThat(s.note()).contains("containerd \"" + version + "\" reports no NRI version and no release this"
                + " plugin can place; assuming NRI v0.8.0, the oldest it supports; left out:"
                + " UpdatePodSandbox,ValidateContainerAdjustment (unknown to NRI v0.8.0)");
    }

    @Test
    void anUnnamedRuntimeIsCalledSo() {
        Subscription s = Subscription.choose(runtime("", "", ""), CREATE);

        assertThat(s.subscribed()).isEqualTo(CREATE);
        assertThat(s.note()).get().asString().startsWith("the runtime \"\" reports no NRI version and no release")
                .endsWith("; left out: none");
    }

    @Test
    void aGuessThatLeavesNothingOutIsInformation() {
        Subscription s = Subscription.choose(runtime("cri-o", "1.34.1", ""), WANTED);

        assertThat(s.subscribed()).isEqualTo(WANTED);
        assertThat(s.warn()).isFalse();
        assertThat(s.note()).contains("cri-o \"1.34.1\" reports no NRI version; assuming NRI v0.10.0, the version"
                + " cri-o v1.34.1 ships; left out: none");
    }

    @Test
    void aKnownOldReleaseThatKnowsNoneOfTheEventsGetsNothing() {
        Subscription s = Subscription.choose(runtime("containerd", "v2.1.3", ""), NEWER);

        assertThat(s.subscribed()).isEqualTo(EventMask.NONE);
        assertThat(s.leftOut()).isEqualTo(NEWER);
    }

    @Test
    void anUnknownVersionStillAsksForNewerEventsWhenThereIsNothingElse() {
        Subscription s = Subscription.choose(runtime("containerd", "", ""), NEWER);

        assertThat(s.subscribed()).isEqualTo(NEWER);
        assertThat(s.warn()).isTrue();
        assertThat(s.note()).get().asString().endsWith("subscribing to UpdatePodSandbox,ValidateContainerAdjustment"
                + " anyway, as nothing else is left: a runtime before NRI v0.10.0 refuses them");
    }

    @Test
    void whoSaysHowTheVersionIsKnown() {
        assertThat(Subscription.who(runtime("containerd", "v2.4.0", "v0.12.5")))
                .isEqualTo("containerd v2.4.0 (NRI v0.12.5)");
        assertThat(Subscription.who(runtime("containerd", "v2.1.3", "")))
                .isEqualTo("containerd v2.1.3 (NRI v0.8.0, inferred)");
        assertThat(Subscription.who(runtime("containerd", "1.7.24~ds1", "")))
                .isEqualTo("containerd 1.7.24~ds1 (NRI v0.6.1, inferred)");
        assertThat(Subscription.who(runtime("containerd", "", "")))
                .isEqualTo("containerd  (NRI v0.8.0, assumed)");
    }

    @Test
    void theRuntimeInfoTellsWhatWasAssumed() {
        RuntimeInfo reported = runtime("containerd", "v2.4.0", "v0.12.5");
        RuntimeInfo inferred = runtime("containerd", "v2.1.3", "");
        RuntimeInfo unknown = runtime("podman", "v5.0.0", "0.0.0-unknown");

        assertThat(reported.nriVersionInferred()).isFalse();
        assertThat(reported.assumedNriVersion()).isEmpty();
        assertThat(inferred.nriVersionInferred()).isTrue();
        assertThat(inferred.assumedNriVersion()).map(Object::toString).contains("v0.8.0");
        assertThat(unknown.nriVersion()).isEmpty();
        assertThat(unknown.nriVersionInferred()).isTrue();
        assertThat(unknown.assumedNriVersion()).contains(NriVersion.OLDEST_SUPPORTED);
        assertThat(unknown.validEvents()).isEqualTo(EventMask.BEFORE_V0_10);
    }

    private static RuntimeInfo runtime(String name, String version, String nri) {
        return RuntimeInfo.from(ConfigureRequest.newBuilder().setRuntimeName(name).setRuntimeVersion(version)
                .setNRIVersion(nri).build());
    }
}
