package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.nri4j.api.v1alpha1.Event;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EventMaskTests {

    private static final int POD_EVENTS = 0x1 | 0x2 | 0x4 | 0x800 | 0x1000;
    private static final int CONTAINER_EVENTS = 0x7F8 | 0x2000;

    @Test
    void eventIsBitEventNumberMinusOne() {
        assertThat(EventMask.of(Event.RUN_POD_SANDBOX).bits()).isEqualTo(0x1);
        assertThat(EventMask.of(Event.CREATE_CONTAINER).bits()).isEqualTo(0x8);
        assertThat(EventMask.of(Event.REMOVE_CONTAINER).bits()).isEqualTo(0x400);
        assertThat(EventMask.of(Event.VALIDATE_CONTAINER_ADJUSTMENT).bits()).isEqualTo(0x2000);
        for (Event e : EventMask.lifecycleEvents()) {
            assertThat(EventMask.of(e).bits()).as(e.name()).isEqualTo(1 << (e.getNumber() - 1));
        }
    }

    @Test
    void unknownAndLastAreNotEvents() {
        assertThatIllegalArgumentException().isThrownBy(() -> EventMask.of(Event.UNKNOWN));
        assertThatIllegalArgumentException().isThrownBy(() -> EventMask.of(Event.LAST));
        assertThatIllegalArgumentException().isThrownBy(() -> new EventMask(0x4000)).withMessageContaining("0x4000");
    }

    @Test
    void allIsEveryEventUpToValidation() {
        assertThat(EventMask.parse("all")).isEqualTo(EventMask.ALL);
        assertThat(EventMask.ALL.bits()).isEqualTo(0x3FFF);
        assertThat(EventMask.ALL.events()).isEqualTo(EnumSet.range(Event.RUN_POD_SANDBOX,
                Event.VALIDATE_CONTAINER_ADJUSTMENT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pod", "podsandbox", "PodSandbox", " pod "})
    void podMeansEveryPodSandboxEvent(String name) {
        assertThat(EventMask.parse(name).bits()).isEqualTo(POD_EVENTS);
    }

    @Test
    void containerMeansEveryContainerEventValidationIncluded() {
        EventMask containers = EventMask.parse("container");

        assertThat(containers.bits()).isEqualTo(CONTAINER_EVENTS);
        assertThat(containers.contains(Event.VALIDATE_CONTAINER_ADJUSTMENT)).isTrue();
        assertThat(EventMask.parse("pod,container")).isEqualTo(EventMask.ALL);
    }

    @Test
    void namesAreCompactAndCaseInsensitive() {
        assertThat(EventMask.parse("RunPodSandbox, createcontainer,POSTUPDATEPODSANDBOX"))
                .isEqualTo(EventMask.of(Event.RUN_POD_SANDBOX, Event.CREATE_CONTAINER, Event.POST_UPDATE_POD_SANDBOX));
    }

    @ParameterizedTest
    @ValueSource(strings = {"createcontainers", "create_container", "unknown", "last", "runpodsandbox,bogus",
            "", "runpodsandbox,,startcontainer", "runpodsandbox,"})
    void unknownNamesAreRefused(String list) {
        assertThatIllegalArgumentException().isThrownBy(() -> EventMask.parse(list))
                .withMessageContaining("unknown NRI event");
    }

    @ParameterizedTest
    @CsvSource({
        "v0.3.0,   0x7FF",
        "v0.9.0,   0x7FF",
        "v0.9.1-0.20250219030224-e597e7849f24, 0x7FF",
        "v0.10.0-rc.1, 0x7FF",
        "v0.10.0,  0x3FFF",
        "v0.12.5,  0x3FFF",
        "v1.0.0,   0x3FFF",
    })
    void validEventsDependOnTheRuntimesNriVersion(String version, String bits) {
        assertThat(EventMask.validFor(NriVersion.parse(version).orElseThrow()).bits())
                .isEqualTo(Integer.decode(bits));
    }

    @Test
    void toStringUsesUpstreamsPrettyNames() {
        assertThat(EventMask.of(Event.START_CONTAINER, Event.CREATE_CONTAINER))
                .hasToString("CreateContainer,StartContainer");
        assertThat(EventMask.ALL).hasToString("RunPodSandbox,StopPodSandbox,RemovePodSandbox,CreateContainer,"
                + "PostCreateContainer,StartContainer,PostStartContainer,UpdateContainer,PostUpdateContainer,"
                + "StopContainer,RemoveContainer,UpdatePodSandbox,PostUpdatePodSandbox,ValidateContainerAdjustment");
        assertThat(EventMask.NONE).hasToString("none");
    }

    @Test
    void setOperations() {
        EventMask create = EventMask.of(Event.CREATE_CONTAINER);
        EventMask start = EventMask.of(Event.START_CONTAINER);

        assertThat(create.or(start).events()).containsExactly(Event.CREATE_CONTAINER, Event.START_CONTAINER);
        assertThat(create.or(start).and(start)).isEqualTo(start);
        assertThat(create.or(start).without(create)).isEqualTo(start);
        assertThat(create.and(start).isEmpty()).isTrue();
        assertThat(create.contains(Event.START_CONTAINER)).isFalse();
        assertThat(create.contains(Event.UNKNOWN)).isFalse();
    }
}
