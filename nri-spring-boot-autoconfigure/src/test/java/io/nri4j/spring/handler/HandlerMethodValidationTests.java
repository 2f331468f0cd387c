package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.core.NestedExceptionUtils.getMostSpecificCause;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.NriConfig;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnStartContainer;
import io.nri4j.spring.annotation.OnSynchronize;
import io.nri4j.spring.annotation.OnUpdateContainer;
import io.nri4j.spring.annotation.OnUpdatePodSandbox;
import io.nri4j.spring.boot.autoconfigure.NriAutoConfiguration;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RuntimeInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Every handler method is checked at startup; a bad one fails startup naming the method. */
class HandlerMethodValidationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class))
            .withPropertyValues("nri.plugin.name=test", "nri.plugin.index=10");

    static class Settings {
    }

    static class WrongParameter {
        @OnStartContainer
        void start(LinuxResources resources) {
        }
    }

    static class WrongReturn {
        @OnStartContainer
        Adjustment start(Container container) {
            return Adjustment.create();
        }
    }

    static class TwoAnnotations {
        @OnStartContainer
        @OnCreateContainer
        void both(Container container) {
        }
    }

    static class RepeatedParameter {
        @OnCreateContainer
        void create(Container first, Container second) {
        }
    }

    static class WrongList {
        @OnSynchronize
        void sync(List<String> names) {
        }
    }

    @Test
    void parametersAndReturnsThatFitTheirRequestAreAccepted() {
        runner.withBean(GoodWithoutVarargs.class).run(context -> {
            assertThat(context).hasNotFailed();
            HandlerRegistry registry = context.getBean(HandlerRegistry.class);
            assertThat(registry.methods(NriRequest.CREATE_CONTAINER)).hasSize(1);
            assertThat(registry.methods(NriRequest.UPDATE_POD_SANDBOX)).hasSize(1);
            assertThat(registry.events().toString())
                    .isEqualTo("CreateContainer,StartContainer,UpdateContainer,UpdatePodSandbox");
        });
    }

    static class GoodWithoutVarargs {
        @OnCreateContainer
        Adjustment create(Container container, PodSandbox pod, RequestContext context, RuntimeInfo runtime) {
            return Adjustment.create();
        }

        @OnUpdateContainer
        List<ContainerUpdate> update(LinuxResources requested) {
            return List.of();
        }

        @OnUpdatePodSandbox
        void podUpdate(LinuxResources requested, PodSandbox pod) {
        }

        @OnSynchronize
        void sync(List<PodSandbox> pods, List<Container> containers) {
        }

        @OnStartContainer
        void start(@NriConfig Settings settings, Container container) {
        }
    }

    static class Lookalike {
        /** Named like a type CreateContainer may return, but not that type. */
        static class Adjustment {
        }
    }

    static class LookalikeReturn {
        @OnCreateContainer
        Lookalike.Adjustment create(Container container) {
            return new Lookalike.Adjustment();
        }
    }

    @Test
    void aReturnTypeIsCheckedByTypeNotBySimpleName() {
        runner.withBean(LookalikeReturn.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .isInstanceOf(HandlerDefinitionException.class)
                        .hasMessage("LookalikeReturn.create(Container): @OnCreateContainer cannot return Adjustment."
                                + " Return one of: void, CreateContainerResult, Adjustment, ContainerAdjustment."));
    }

    @Test
    void aParameterTheRequestCannotProvideFailsStartupNamingTheMethod() {
        runner.withBean(WrongParameter.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .isInstanceOf(HandlerDefinitionException.class)
                        .hasMessageContaining("WrongParameter.start(LinuxResources)")
                        .hasMessageContaining("@OnStartContainer cannot provide a parameter of type LinuxResources"));
    }

    @Test
    void aReturnTypeTheRequestCannotCarryFailsStartupNamingTheMethod() {
        runner.withBean(WrongReturn.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("WrongReturn.start(Container)")
                        .hasMessageContaining("@OnStartContainer cannot return Adjustment")
                        .isInstanceOfSatisfying(HandlerDefinitionException.class,
                                e -> assertThat(e.action()).isEqualTo("Return one of: void.")));
    }

    @Test
    void aMethodHandlingTwoRequestsIsAmbiguous() {
        runner.withBean(TwoAnnotations.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("TwoAnnotations.both(Container)")
                        .hasMessageContaining("@OnCreateContainer")
                        .hasMessageContaining("@OnStartContainer"));
    }

    @Test
    void twoParametersOfOneTypeAreRefused() {
        runner.withBean(RepeatedParameter.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("RepeatedParameter.create(Container, Container)")
                        .hasMessageContaining("two parameters of type Container"));
    }

    @Test
    void genericsMustMatchTooAListOfNamesIsNotAListOfPods() {
        runner.withBean(WrongList.class)
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("WrongList.sync(List)")
                        .hasMessageContaining("cannot provide a parameter of type List<String>")
                        .hasMessageContaining("List<PodSandbox>, List<Container>"));
    }

    @Test
    void anInvalidPluginNameFailsStartupBeforeConnecting() {
        runner.withPropertyValues("nri.plugin.name=foo,bar")
                .run(context -> assertThat(getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("invalid plugin name \"foo,bar\""));
    }
}
