package com.example.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
@EmbeddedNriRuntime
class TeamLabelerTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void labelsContainersWithTheirTeam() {
        PodSandbox pod = TestPods.pod("web").putLabels("team", "payments").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("policy.example.com/team", "payments");
        assertThat(created.getAdjust().getEnvList()).anyMatch(e -> e.getKey().equals("TEAM") && e.getValue().equals("payments"));
    }

    @Test
    void labelsContainersOfUnlabeledPodsAsUnowned() {
        PodSandbox pod = TestPods.pod("batch").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "job").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("policy.example.com/team", "unowned");
    }
}
