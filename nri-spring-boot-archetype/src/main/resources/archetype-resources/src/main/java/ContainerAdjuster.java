package ${package};

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Marks every new container with the plugin's name: an annotation and an environment variable.
 * The runtime calls it for each container it creates, before the container starts.
 */
@Component
class ContainerAdjuster {

    static final String ANNOTATION = "nri.example.com/adjusted-by";
    static final String ENV = "ADJUSTED_BY";

    private final String pluginName;

    ContainerAdjuster(@Value("${nri.plugin.name}") String pluginName) {
        this.pluginName = pluginName;
    }

    @OnCreateContainer
    Adjustment adjust(PodSandbox pod, Container container) {
        return Adjustment.create().addAnnotation(ANNOTATION, pluginName).addEnv(ENV, pluginName);
    }
}
