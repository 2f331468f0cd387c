package io.nri4j.test.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.EventHandler;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.UpdateContainerResult;
import io.nri4j.stub.ValidationResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The handle plugin authors test with, as {@link NriRuntimeExtension} hands it out: one runtime for the class. */
@ExtendWith(NriRuntimeExtension.class)
class NriTestRuntimeTests {

    /** What the class's plugin was called with, in order. */
    static final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void connectAPluginThatHandlesEveryEvent(NriTestRuntime runtime) {
        runtime.connect(plugin());
    }

    @BeforeEach
    void forgetEarlierCalls() {
        seen.clear();
    }

    @Test
    void takesAPodAndAContainerThroughAllThirteenEventsInOrder(NriTestRuntime runtime) {
        PodSandbox pod = TestPods.pod("web").build();
        Container app = TestPods.container(pod, "app").build();

        runtime.runPodSandbox(pod);
        runtime.runContainer(pod, app);
        runtime.updateContainer(pod, app, LinuxResources.getDefaultInstance());
        runtime.postUpdateContainer(pod, app);
        runtime.stopContainer(pod, app);
        runtime.removeContainer(pod, app);
        runtime.updatePodSandbox(pod, LinuxResources.getDefaultInstance());
        runtime.postUpdatePodSandbox(pod);
        runtime.stopPodSandbox(pod);
        runtime.removePodSandbox(pod);

        assertThat(seen).containsExactly("RunPodSandbox", "CreateContainer", "ValidateContainerAdjustment",
                "PostCreateContainer", "StartContainer", "PostStartContainer", "UpdateContainer", "PostUpdateContainer",
                "StopContainer", "RemoveContainer", "UpdatePodSandbox", "PostUpdatePodSandbox", "StopPodSandbox",
                "RemovePodSandbox");
    }

    @Test
    void returnsTheAdjustmentAsTheRuntimeMergedIt(NriTestRuntime runtime) {
        PodSandbox pod = TestPods.pod("web").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("test.nri4j.io/seen", "app");
    }

    @Test
    void returnsTheValidatorsReasonForARefusedContainer(NriTestRuntime runtime) {
        PodSandbox pod = TestPods.pod("web").putAnnotations("test.nri4j.io/reject", "true").build();

        String reason = runtime.createContainerRefused(pod, TestPods.container(pod, "app").build());

        assertThat(reason).contains("rejected container adjustment").contains("pods marked for rejection");
    }

    @Test
    void saysWhatTheRuntimeDidWhenARefusalWasExpectedButTheContainerWasCreated(NriTestRuntime runtime) {
        PodSandbox pod = TestPods.pod("web").build();

        assertThatThrownBy(() -> runtime.createContainerRefused(pod, TestPods.container(pod, "app").build()))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("expected the plugins to refuse container default/web/app, but the runtime "
                        + "created it with adjustment")
                .hasMessageContaining("test.nri4j.io/seen");
    }

    @Test
    void awaitsThePluginAsOftenAsAskedWithoutConsumingItsSynchronization(NriTestRuntime runtime) {
        runtime.awaitPlugins(1);
        runtime.awaitPlugins(1);

        assertThat(runtime.upstream().awaitPlugins(1, NriTestRuntime.AWAIT_TIMEOUT)).isEqualTo(1);
    }

    private static NriPlugin.Builder plugin() {
        return NriPlugin.builder().name("test").index("10")
                .onRunPodSandbox(record("RunPodSandbox"))
                .onCreateContainer((request, context) -> {
                    seen.add("CreateContainer");
                    return CreateContainerResult.of(Adjustment.create()
                            .addAnnotation("test.nri4j.io/seen", request.getContainer().getName()));
                })
                .onValidateContainerAdjustment((request, context) -> {
                    seen.add("ValidateContainerAdjustment");
                    return request.getPod().getAnnotationsMap().containsKey("test.nri4j.io/reject")
                            ? ValidationResult.reject("pods marked for rejection are refused")
                            : ValidationResult.accept();
                })
                .onPostCreateContainer(record("PostCreateContainer"))
                .onStartContainer(record("StartContainer"))
                .onPostStartContainer(record("PostStartContainer"))
                .onUpdateContainer((request, context) -> {
                    seen.add("UpdateContainer");
                    return UpdateContainerResult.none();
                })
                .onPostUpdateContainer(record("PostUpdateContainer"))
                .onStopContainer((request, context) -> {
                    seen.add("StopContainer");
                    return List.of();
                })
                .onRemoveContainer(record("RemoveContainer"))
                .onUpdatePodSandbox(record("UpdatePodSandbox"))
                .onPostUpdatePodSandbox(record("PostUpdatePodSandbox"))
                .onStopPodSandbox(record("StopPodSandbox"))
                .onRemovePodSandbox(record("RemovePodSandbox"));
    }

    private static <Q> EventHandler<Q> record(String event) {
        return (request, context) -> seen.add(event);
    }
}
