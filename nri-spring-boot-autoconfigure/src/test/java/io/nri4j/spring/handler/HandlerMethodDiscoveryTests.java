package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.spring.boot.autoconfigure.NriAutoConfiguration;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Handler methods are found where Java lets their annotations be: on the method, or on one it
 * overrides or implements.
 */
class HandlerMethodDiscoveryTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class))
            .withPropertyValues("nri.plugin.name=test", "nri.plugin.index=10");

    interface Creates {
        @OnCreateContainer
        Adjustment create(Container container);
    }

    static class CreatesImpl implements Creates {
        @Override
        public Adjustment create(Container container) {
            return Adjustment.create().addEnv("FROM", "interface");
        }
    }

    static class Starts {
        @OnStartContainer
        void start(Container container) {
        }
    }

    static class StartsSub extends Starts {
    }

    static class NoHandlers {
        @Deprecated
        void unrelated(Container container) {
        }
    }

    @Test
    void annotationsOnAnInterfaceOrASuperclassMethodMakeHandlers() {
        runner.withBean(CreatesImpl.class).withBean(StartsSub.class).withBean(NoHandlers.class).run(context -> {
            assertThat(context).hasNotFailed();
            HandlerRegistry registry = context.getBean(HandlerRegistry.class);
            assertThat(registry.methods(NriRequest.CREATE_CONTAINER)).hasSize(1);
            assertThat(registry.methods(NriRequest.START_CONTAINER)).hasSize(1);
            assertThat(registry.events().toString()).isEqualTo("CreateContainer,StartContainer");
        });
    }

    @Test
    void beansOfTheJdksAndSpringsOwnClassesAreNotSearched() {
        assertThat(HandlerMethodProcessor.searched(PropertyPlaceholderAutoConfiguration.class)).isFalse();
        assertThat(HandlerMethodProcessor.searched(ApplicationContextRunner.class)).isFalse();
        assertThat(HandlerMethodProcessor.searched(StringBuilder.class)).isFalse();
        assertThat(HandlerMethodProcessor.searched(CreatesImpl.class)).isTrue();
        assertThat(HandlerMethodProcessor.searched(NoHandlers.class)).isTrue();
    }

    @Test
    void requestAnnotationsApplyToMethodsOnlySoNoOtherAnnotationCarriesThem() {
        // HandlerMethodProcessor looks for them on methods alone; an annotation that could be
        // put on another annotation would need the search for composed annotations back.
        for (NriRequest request : NriRequest.values()) {
            assertThat(request.annotation().getAnnotation(Target.class).value())
                    .as(request.annotationName()).containsExactly(ElementType.METHOD);
        }
    }
}
