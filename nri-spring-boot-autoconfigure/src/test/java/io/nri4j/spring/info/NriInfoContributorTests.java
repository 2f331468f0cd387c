package io.nri4j.spring.info;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.annotation.OnStopContainer;
import io.nri4j.spring.boot.autoconfigure.NriAutoConfiguration;
import io.nri4j.spring.boot.autoconfigure.NriInfoAutoConfiguration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Before any runtime has configured the plugin, info tells who it is and what it will subscribe to. */
class NriInfoContributorTests {

    static class Handlers {
        @OnCreateContainer
        Adjustment create(Container container) {
            return Adjustment.create();
        }

        @OnStopContainer
        void stop(Container container) {
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NriAutoConfiguration.class, NriInfoAutoConfiguration.class))
            .withBean(Handlers.class)
            .withPropertyValues("nri.plugin.name=info", "nri.plugin.index=20", "nri.socket-path=/nonexistent/nri.sock",
                    "nri.events=createcontainer");

    @Test
    void identityAndPlannedSubscriptionBeforeAnyRuntime() {
        runner.run(context -> {
            Map<String, Object> nri = nri(context.getBean(NriInfoContributor.class));
            assertThat(nri).containsEntry("plugin",
                    Map.of("name", "info", "index", "20", "fullName", "20-info", "required", false))
                    // PostStartContainer: where enforcement sees the containers a Synchronize missed.
                    .containsEntry("subscribedEvents", List.of("CreateContainer", "PostStartContainer"))
                    .containsKeys("state", "pluginNriVersion")
                    .doesNotContainKey("runtime");
        });
    }

    @Test
    void aRequiredPluginSaysSo() {
        runner.withPropertyValues("nri.required=true").run(context -> {
            Map<String, Object> nri = nri(context.getBean(NriInfoContributor.class));
            assertThat(nri).containsEntry("plugin",
                    Map.of("name", "info", "index", "20", "fullName", "20-info", "required", true));
        });
    }

    @Test
    void theContributorCanBeSwitchedOff() {
        runner.withPropertyValues("management.info.nri.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(NriInfoContributor.class));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> nri(NriInfoContributor contributor) {
        Info.Builder builder = new Info.Builder();
        contributor.contribute(builder);
        return (Map<String, Object>) builder.build().get("nri");
    }
}
