package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.ValidationResult;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several methods for one request: run in order, results merged, conflicts named. */
class HandlerChainTests {

    private static final CreateContainerRequest CREATE = CreateContainerRequest.newBuilder()
            .setContainer(Container.newBuilder().setId("ctr-1").setName("app")).build();
    private static final RequestContext CONTEXT = new RequestContext("CreateContainer", Event.CREATE_CONTAINER, null,
            null, 0, System.nanoTime());

    static class Annotator {
        final List<String> calls = new ArrayList<>();

        Adjustment greet(Container container) {
            calls.add("greet");
            return Adjustment.create().addAnnotation("greeting", "hello " + container.getName()).addEnv("A", "1");
        }

        CreateContainerResult limit() {
            calls.add("limit");
            return CreateContainerResult.of(Adjustment.create().setLinuxMemoryLimit(1 << 20).addEnv("B", "2"))
                    .withUpdates(List.of(Update.forContainer("other").setLinuxCpuShares(10).build()));
        }

        Adjustment regreet() {
            return Adjustment.create().addAnnotation("greeting", "again");
        }

        Adjustment pin() {
            return Adjustment.create().setLinuxCpusetCpus("0-1").setArgs("sleep", "1");
        }

        List<ContainerUpdate> shares() {
            return List.of(Update.forContainer("other").setLinuxCpuShares(20).build());
        }

        List<ContainerUpdate> quota() {
            return List.of(Update.forContainer("other").setLinuxCpuQuota(5000).ignoreFailure().build());
        }

        ValidationResult allow() {
            calls.add("allow");
            return ValidationResult.accept();
        }

        ValidationResult deny() {
            calls.add("deny");
            return ValidationResult.reject("no");
        }

        ValidationResult never() {
            calls.add("never");
            return ValidationResult.reject("not reached");
        }
    }

    private final Annotator bean = new Annotator();

    @Test
    void resultsOfSeveralMethodsAreMergedInOrder() throws Exception {
        CreateContainerResult result =
                chain(NriRequest.CREATE_CONTAINER, "greet", "limit").createResult(CREATE, CONTEXT);

        assertThat(bean.calls).containsExactly("greet", "limit");
        assertThat(result.adjustment().getAnnotationsMap()).containsEntry("greeting", "hello app");
        assertThat(result.adjustment().getEnvList()).extracting(kv -> kv.getKey()).containsExactly("A", "B");
        assertThat(result.adjustment().getLinux().getResources().getMemory().getLimit().getValue()).isEqualTo(1 << 20);
        assertThat(result.updates()).singleElement().extracting(u -> u.getContainerId()).isEqualTo("other");
    }

    @Test
    void oneMethodsResultIsTheChainsResult() throws Exception {
        CreateContainerResult result = chain(NriRequest.CREATE_CONTAINER, "limit").createResult(CREATE, CONTEXT);

        assertThat(result).isEqualTo(bean.limit());
    }

    @Test
    void scalarFieldsOfSeveralMethodsAreClaimedAndMerged() throws Exception {
        CreateContainerResult result = chain(NriRequest.CREATE_CONTAINER, "greet", "pin").createResult(CREATE, CONTEXT);

        assertThat(result.adjustment().getLinux().getResources().getCpu().getCpus()).isEqualTo("0-1");
        assertThat(result.adjustment().getArgsList()).containsExactly("sleep", "1");
        assertThatThrownBy(() -> chain(NriRequest.CREATE_CONTAINER, "pin", "pin").createResult(CREATE, CONTEXT))
                .isInstanceOf(HandlerConflictException.class)
                .hasMessageContaining("linux.resources.cpu.cpus");
    }

    @Test
    void twoMethodsSettingOneFieldIsAnErrorNamingBoth() {
        assertThatThrownBy(() -> chain(NriRequest.CREATE_CONTAINER, "greet", "regreet").createResult(CREATE, CONTEXT))
                .isInstanceOf(HandlerConflictException.class)
                .hasMessageContaining("Annotator.greet(Container)")
                .hasMessageContaining("Annotator.regreet()")
                .hasMessageContaining("annotations[greeting]");
    }

    @Test
    void updatesOfOneContainerMergeFieldByFieldAndConflictOnTheSameField() throws Exception {
        HandlerChain disjoint = chain(NriRequest.STOP_CONTAINER, "shares", "quota");
        var merged = disjoint.updates(CREATE, CONTEXT);
        assertThat(merged).singleElement().satisfies(u -> {
            assertThat(u.getLinux().getResources().getCpu().getShares().getValue()).isEqualTo(20);
            assertThat(u.getLinux().getResources().getCpu().getQuota().getValue()).isEqualTo(5000);
            assertThat(u.getIgnoreFailure()).as("only if every part may fail").isFalse();
        });

        assertThatThrownBy(() -> chain(NriRequest.STOP_CONTAINER, "shares", "shares").updates(CREATE, CONTEXT))
                .as("one method listed twice claims the same fields twice")
                .isInstanceOf(HandlerConflictException.class)
                .hasMessageContaining("update of other: linux.resources.cpu.shares");
    }

    @Test
    void validationRejectsAtTheFirstMethodThatRejects() throws Exception {
        ValidationResult verdict = chain(NriRequest.VALIDATE_CONTAINER_ADJUSTMENT, "allow", "deny", "never")
                .verdict(ValidateContainerAdjustmentRequest.getDefaultInstance(), CONTEXT);

        assertThat(verdict).isEqualTo(ValidationResult.reject("no"));
        assertThat(bean.calls).containsExactly("allow", "deny");
    }

    private HandlerChain chain(NriRequest request, String... names) throws NoSuchMethodException {
        List<HandlerMethod> methods = new ArrayList<>();
        for (String name : names) {
            Method method = Arrays.stream(Annotator.class.getDeclaredMethods()).filter(m -> m.getName().equals(name))
                    .findFirst().orElseThrow(() -> new NoSuchMethodException(name));
            methods.add(HandlerMethod.of(bean, method, request, 0, new NriConfigBinder()));
        }
        return new HandlerChain(request, methods);
    }
}
