package com.example.policy;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import org.springframework.stereotype.Component;

/** Tells every container which team owns its pod. */
@Component
class TeamLabeler {

    @OnCreateContainer
    Adjustment label(PodSandbox pod, Container container) {
        String team = pod.getLabelsOrDefault("team", "unowned");
        return Adjustment.create().addEnv("TEAM", team).addAnnotation("policy.example.com/team", team);
    }
}
