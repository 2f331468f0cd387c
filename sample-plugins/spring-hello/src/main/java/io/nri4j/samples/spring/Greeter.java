package io.nri4j.samples.spring;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Annotations;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import org.springframework.stereotype.Component;

/**
 * Greets every new container; a pod can choose the greeting with the annotation
 * {@code greeting.nri4j.io} (or {@code greeting.nri4j.io/container.<name>} for one container).
 */
@Component
class Greeter {

    @OnCreateContainer
    Adjustment greet(PodSandbox pod, Container container) {
        String greeting = Annotations.effective(pod, "greeting.nri4j.io", container.getName()).orElse("hello");
        return Adjustment.create()
                .addAnnotation("hello.nri4j.io/greeting", greeting + ", " + container.getName())
                .addEnv("GREETING", greeting);
    }
}
