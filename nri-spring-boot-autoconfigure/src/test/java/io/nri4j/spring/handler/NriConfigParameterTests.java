package io.nri4j.spring.handler;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.spring.annotation.NriConfig;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.stub.RequestContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runtime's configuration reaches handlers raw (a String on Configure) or typed (@NriConfig). */
class NriConfigParameterTests {

    public static class Limits {
        private int maxContainers = 10;

        public int getMaxContainers() {
            return maxContainers;
        }

        public void setMaxContainers(int maxContainers) {
            this.maxContainers = maxContainers;
        }
    }

    static class Configured {
        final List<Object> seen = new ArrayList<>();

        void configure(String raw, @NriConfig Limits limits) {
            seen.add(raw);
            seen.add(limits.getMaxContainers());
        }
    }

    @Test
    void theConfigurationArrivesRawAndBoundToTheParameterType() throws Exception {
        NriConfigBinder binder = new NriConfigBinder();
        Configured bean = new Configured();
        HandlerMethod method = HandlerMethod.of(bean,
                Configured.class.getDeclaredMethod("configure", String.class, Limits.class),
                NriRequest.CONFIGURE, 0, binder);
        String config = "max-containers: 3\n";
        binder.bind(config);

        method.invoke(ConfigureRequest.newBuilder().setConfig(config).build(),
                new RequestContext("Configure", Event.UNKNOWN, null, null, 0, System.nanoTime()));

        assertThat(bean.seen).containsExactly(config, 3);
    }
}
