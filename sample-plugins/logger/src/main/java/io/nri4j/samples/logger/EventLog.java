package io.nri4j.samples.logger;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.spring.annotation.OnConfigure;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnPostCreateContainer;
import io.nri4j.spring.annotation.OnPostStartContainer;
import io.nri4j.spring.annotation.OnPostUpdateContainer;
import io.nri4j.spring.annotation.OnPostUpdatePodSandbox;
import io.nri4j.spring.annotation.OnRemoveContainer;
import io.nri4j.spring.annotation.OnRemovePodSandbox;
import io.nri4j.spring.annotation.OnRunPodSandbox;
import io.nri4j.spring.annotation.OnShutdown;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.spring.annotation.OnStopContainer;
import io.nri4j.spring.annotation.OnStopPodSandbox;
import io.nri4j.spring.annotation.OnSynchronize;
import io.nri4j.spring.annotation.OnUpdateContainer;
import io.nri4j.spring.annotation.OnUpdatePodSandbox;
import io.nri4j.spring.annotation.OnValidateContainerAdjustment;
import io.nri4j.stub.NriVersion;
import io.nri4j.stub.RuntimeInfo;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One log line for each request the runtime sends: the event, the pod and container, and what
 * matters for that event. Having a handler for every event subscribes the plugin to all of
 * them; {@code nri.events} narrows that.
 */
@Component
class EventLog {

    private static final Logger log = LoggerFactory.getLogger(EventLog.class);

    @OnConfigure
    void configure(String config, RuntimeInfo runtime) {
        log.info("Configure: runtime {} {}, NRI {}, request timeout {} ms, {}", runtime.name(), runtime.version(),
                runtime.nriVersion().map(NriVersion::toString).orElse("unknown"),
                runtime.requestTimeout().toMillis(),
                config.isEmpty() ? "no configuration" : "configuration of " + config.length() + " characters");
    }

    @OnSynchronize
    void synchronize(List<PodSandbox> pods, List<Container> containers) {
        log.info("Synchronize: {} pods {}, {} containers {}", pods.size(), Describe.pods(pods),
                containers.size(), Describe.containers(pods, containers));
    }

    @OnShutdown
    void shutdown(String reason) {
        log.info("Shutdown: {}", reason.isEmpty() ? "no reason given" : reason);
    }

    @OnRunPodSandbox
    void runPodSandbox(PodSandbox pod) {
        log.info("RunPodSandbox: {}, uid {}, labels {}", Describe.pod(pod), pod.getUid(), pod.getLabelsMap());
    }

    @OnUpdatePodSandbox
    void updatePodSandbox(PodSandbox pod, LinuxResources resources) {
        log.info("UpdatePodSandbox: {}, resources {}", Describe.pod(pod), Describe.resources(resources));
    }

    @OnPostUpdatePodSandbox
    void postUpdatePodSandbox(PodSandbox pod) {
        log.info("PostUpdatePodSandbox: {}", Describe.pod(pod));
    }

    @OnStopPodSandbox
    void stopPodSandbox(PodSandbox pod) {
        log.info("StopPodSandbox: {}", Describe.pod(pod));
    }

    @OnRemovePodSandbox
    void removePodSandbox(PodSandbox pod) {
        log.info("RemovePodSandbox: {}", Describe.pod(pod));
    }

    @OnCreateContainer
    void createContainer(PodSandbox pod, Container container) {
        log.info("CreateContainer: {}, args {}, env {}, mounts {}", Describe.container(pod, container),
                container.getArgsList(), Describe.env(container.getEnvList()),
                Describe.mounts(container.getMountsList()));
    }

    @OnPostCreateContainer
    void postCreateContainer(PodSandbox pod, Container container) {
        log.info("PostCreateContainer: {}", Describe.container(pod, container));
    }

    @OnStartContainer
    void startContainer(PodSandbox pod, Container container) {
        log.info("StartContainer: {}", Describe.container(pod, container));
    }

    @OnPostStartContainer
    void postStartContainer(PodSandbox pod, Container container) {
        log.info("PostStartContainer: {}", Describe.container(pod, container));
    }

    @OnUpdateContainer
    void updateContainer(PodSandbox pod, Container container, LinuxResources resources) {
        log.info("UpdateContainer: {}, resources {}", Describe.container(pod, container),
                Describe.resources(resources));
    }

    @OnPostUpdateContainer
    void postUpdateContainer(PodSandbox pod, Container container) {
        log.info("PostUpdateContainer: {}", Describe.container(pod, container));
    }

    @OnStopContainer
    void stopContainer(PodSandbox pod, Container container) {
        log.info("StopContainer: {}", Describe.container(pod, container));
    }

    @OnRemoveContainer
    void removeContainer(PodSandbox pod, Container container) {
        log.info("RemoveContainer: {}", Describe.container(pod, container));
    }

    @OnValidateContainerAdjustment
    void validate(ValidateContainerAdjustmentRequest request) {
        log.info("ValidateContainerAdjustment: {}, plugins {}, merged adjustment: {}",
                Describe.container(request.getPod(), request.getContainer()),
                request.getPluginsList().stream().map(p -> p.getIndex() + "-" + p.getName()).toList(),
                Describe.adjustment(request.getAdjust()));
    }
}
