package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.spring.config.NriConfigBinder;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandlerArgumentsTests {

    private static final PodSandbox POD = PodSandbox.newBuilder().setId("pod-1").setName("web").build();
    private static final Container CONTAINER = Container.newBuilder().setId("ctr-1").setName("app").build();

    private final Recorder bean = new Recorder();

    @Test
    void eachParameterGetsItsFieldOfTheRequest() throws Exception {
        LinuxResources resources = LinuxResources.newBuilder().putUnified("cpu.weight", "100").build();
        invoke("update", NriRequest.UPDATE_CONTAINER, UpdateContainerRequest.newBuilder().setPod(POD)
                .setContainer(CONTAINER).setLinuxResources(resources).build());
        ContainerAdjustment adjust = ContainerAdjustment.newBuilder().putAnnotations("a", "b").build();
        invoke("validate", NriRequest.VALIDATE_CONTAINER_ADJUSTMENT, ValidateContainerAdjustmentRequest.newBuilder()
                .setPod(POD).setContainer(CONTAINER).setAdjust(adjust).build());
        invoke("sync", NriRequest.SYNCHRONIZE, SynchronizeRequest.newBuilder().addPods(POD).addContainers(CONTAINER)
                .build());
        invoke("configure", NriRequest.CONFIGURE, ConfigureRequest.newBuilder().setConfig("threshold: 3").build());
        invoke("shutdown", NriRequest.SHUTDOWN,
                ShutdownRequest.newBuilder().setReason("other plugin instance registered").build());

        assertThat(bean.seen).containsExactly(
                List.of(resources, POD, CONTAINER),
                List.of(adjust, CONTAINER, POD),
                List.of(List.of(CONTAINER), List.of(POD)),
                List.of("threshold: 3"),
                List.of("other plugin instance registered"));
    }

    @Test
    void anExceptionOfTheMethodIsThrownAsItIs() throws Exception {
        Method method = method("fail");
        HandlerMethod handler = HandlerMethod.of(bean, method, NriRequest.SHUTDOWN, 0, new NriConfigBinder());

        assertThatThrownBy(() -> handler.invoke(ShutdownRequest.getDefaultInstance(), null))
                .isInstanceOf(IllegalStateException.class).hasMessage("no shutdown today");
    }

    private void invoke(String name, NriRequest request, Message message) throws Exception {
        HandlerMethod.of(bean, method(name), request, 0, new NriConfigBinder()).invoke(message, null);
    }

    private static Method method(String name) throws NoSuchMethodException {
        return Arrays.stream(Recorder.class.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new NoSuchMethodException(name));
    }

    static class Recorder {
        final List<List<Object>> seen = new ArrayList<>();

        void update(LinuxResources resources, PodSandbox pod, Container container) {
            seen.add(List.of(resources, pod, container));
        }

        void validate(ContainerAdjustment adjust, Container container, PodSandbox pod) {
            seen.add(List.of(adjust, container, pod));
        }

        void sync(List<Container> containers, List<PodSandbox> pods) {
            seen.add(List.of(containers, pods));
        }

        void configure(String config) {
            seen.add(List.of(config));
        }

        void shutdown(String reason) {
            seen.add(List.of(reason));
        }

        void fail(String reason) {
            throw new IllegalStateException("no shutdown today");
        }
    }
}
