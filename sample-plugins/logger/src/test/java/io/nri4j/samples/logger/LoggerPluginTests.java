package io.nri4j.samples.logger;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** The logger against the upstream runtime library: the pod of {@code pod.yaml} through all 13 events. */
@SpringBootTest(properties = {
        "logger.inject.annotation[logger.nri4j.io/seen]=yes",
        "logger.inject.env.LOGGED_BY=nri4j-logger"})
@EmbeddedNriRuntime
@ExtendWith(OutputCaptureExtension.class)
class LoggerPluginTests {

    static final PodSandbox POD = TestPods.pod("logged").putLabels("app", "logged").build();
    static final Container APP = TestPods.container(POD, "app")
            .addArgs("sh").addArgs("-c").addArgs("sleep 3600")
            .addEnv("PATH=/bin").addEnv("DB_PASSWORD=hunter2").build();
    static final LinuxResources HALF_GIG = LinuxResources.newBuilder()
            .setMemory(LinuxMemory.newBuilder().setLimit(OptionalInt64.newBuilder().setValue(536870912))).build();

    @Autowired
    NriTestRuntime runtime;

    @Test
    void logsOneLineForEachOfTheThirteenEvents(CapturedOutput output) {
        runtime.runPodSandbox(POD);
        runtime.updatePodSandbox(POD, HALF_GIG);
        runtime.postUpdatePodSandbox(POD);
        runtime.runContainer(POD, APP);
        runtime.updateContainer(POD, APP, HALF_GIG);
        runtime.postUpdateContainer(POD, APP);
        runtime.stopContainer(POD, APP);
        runtime.removeContainer(POD, APP);
        runtime.stopPodSandbox(POD);
        runtime.removePodSandbox(POD);

        assertThat(logLines(output)).containsSubsequence(
                "RunPodSandbox: pod default/logged, uid logged-uid, labels {app=logged}",
                "UpdatePodSandbox: pod default/logged, resources memory limit 536870912",
                "PostUpdatePodSandbox: pod default/logged",
                "CreateContainer: container default/logged/app, args [sh, -c, sleep 3600], "
                        + "env [PATH=<redacted>, DB_PASSWORD=<redacted>], mounts []",
                // handled.nri4j.io/logger: the framework's marker, merged by the runtime like the rest.
                "ValidateContainerAdjustment: container default/logged/app, plugins [40-logger], merged adjustment:"
                        + " annotations [handled.nri4j.io/logger, logger.nri4j.io/seen], env [LOGGED_BY=<redacted>]",
                "PostCreateContainer: container default/logged/app",
                "StartContainer: container default/logged/app",
                "PostStartContainer: container default/logged/app",
                "UpdateContainer: container default/logged/app, resources memory limit 536870912",
                "PostUpdateContainer: container default/logged/app",
                "StopContainer: container default/logged/app",
                "RemoveContainer: container default/logged/app",
                "StopPodSandbox: pod default/logged",
                "RemovePodSandbox: pod default/logged");
    }

    // This class's context, with its properties, starts inside the class's output capture: the
    // capture has what the plugin logged when it connected.
    @Test
    void logsConfigureAndSynchronizeWhenItConnects(CapturedOutput output) {
        runtime.awaitPlugins(1);

        assertThat(logLines(output)).containsSubsequence(
                "Configure: runtime containerd v2.4.0, NRI v0.12.5, request timeout 2000 ms, no configuration",
                "Synchronize: 0 pods [], 0 containers []");
    }

    @Test
    void neverLogsTheValuesOfEnvironmentVariables(CapturedOutput output) {
        runtime.createContainer(POD, APP);

        assertThat(output.getOut()).contains("DB_PASSWORD=<redacted>", "LOGGED_BY=<redacted>")
                .doesNotContain("hunter2", "/bin", "nri4j-logger");
    }

    @Test
    void injectsTheConfiguredAnnotationAndVariable() {
        CreateContainerResponse created = runtime.createContainer(POD, APP);

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("logger.nri4j.io/seen", "yes");
        assertThat(created.getAdjust().getEnvList()).extracting(e -> e.getKey() + "=" + e.getValue())
                .containsExactly("LOGGED_BY=nri4j-logger");
    }

    /** The messages of the plugin's log lines, without Boot's timestamp, level and logger columns. */
    static List<String> logLines(CapturedOutput output) {
        return output.getOut().lines().filter(line -> line.contains(EventLog.class.getSimpleName() + " "))
                .map(line -> line.substring(line.indexOf(" : ") + 3)).toList();
    }
}
