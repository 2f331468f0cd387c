package ${package};

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The plugin, started as in production, against the upstream NRI runtime library. */
@SpringBootTest
@EmbeddedNriRuntime
class ContainerAdjusterTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void marksEveryNewContainerWithThePluginsName() {
        PodSandbox pod = TestPods.pod("web").build();
        Container container = TestPods.container(pod, "app").build();

        ContainerAdjustment adjustment = runtime.createContainer(pod, container).getAdjust();

        assertThat(adjustment.getAnnotationsMap()).containsEntry("nri.example.com/adjusted-by", "${pluginName}");
        assertThat(adjustment.getEnvList()).extracting(KeyValue::getKey, KeyValue::getValue)
                .contains(tuple("ADJUSTED_BY", "${pluginName}"));
    }
}
