package io.nri4j.samples.spring;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Annotations;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnEscapedContainer;
import io.nri4j.stub.CatchUp;
import io.nri4j.stub.EscapeCause;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Greets every new container; a pod can choose the greeting with the annotation
 * {@code greeting.nri4j.io} (or {@code greeting.nri4j.io/container.<name>} for one container).
 * With {@code hello.escaped=evict}, a container created while the plugin was down is stopped, so
 * that the kubelet creates it again, greeted this time.
 */
@Component
class Greeter {

    /** What to do about a container created without the plugin ({@code hello.escaped}). */
    enum Escaped {
        /** Leave it: it is only reported. */
        NONE,
        /** Stop it: the kubelet creates it again, through the plugin. */
        EVICT
    }

    private final Escaped escaped;

    Greeter(@Value("${hello.escaped:none}") Escaped escaped) {
        this.escaped = escaped;
    }

    @OnCreateContainer
    Adjustment greet(PodSandbox pod, Container container) {
        String greeting = Annotations.effective(pod, "greeting.nri4j.io", container.getName()).orElse("hello");
        return Adjustment.create()
                .addAnnotation("hello.nri4j.io/greeting", greeting + ", " + container.getName())
                .addEnv("GREETING", greeting);
    }

    @OnEscapedContainer
    CatchUp catchUp(EscapeCause cause) {
        // Pre-existing containers are older than the plugin on this node: left as they are.
        return escaped == Escaped.EVICT && cause.escaped() ? CatchUp.evict("created while spring-hello was down")
                : CatchUp.none();
    }
}
