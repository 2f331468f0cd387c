package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.stub.Limits;
import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** {@code nri.limits.*} set nri-core's {@link Limits}, and default to its defaults. */
class NriLimitsPropertiesTests {

    @EnableConfigurationProperties(NriProperties.class)
    static class Bound {
    }

    @Test
    void eachPropertySetsItsLimit() {
        new ApplicationContextRunner().withUserConfiguration(Bound.class)
                .withPropertyValues("nri.limits.max-sync-bytes=128MB", "nri.limits.max-sync-pods=20",
                        "nri.limits.max-sync-containers=30", "nri.limits.max-requests-in-flight=4",
                        "nri.limits.write-buffer-high=1MB", "nri.limits.stalled-read-timeout=7s")
                .run(context -> assertThat(NriPropertyChecks.limits(context.getBean(NriProperties.class).getLimits()))
                        .isEqualTo(new Limits(128L << 20, 20, 30, 4, 1 << 20, Duration.ofSeconds(7))));
    }

    @Test
    void unsetPropertiesLeaveNriCoresDefaults() {
        assertThat(NriPropertyChecks.limits(new NriLimitsProperties())).isEqualTo(Limits.DEFAULTS);
    }

    @Test
    void theDefaultsIdesShowAreNriCoresDefaults() throws Exception {
        Map<String, String> defaults = new HashMap<>();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            for (JsonNode property : new ObjectMapper().readTree(in).path("properties")) {
                String name = property.path("name").asString();
                if (name.startsWith("nri.limits.")) {
                    defaults.put(name.substring("nri.limits.".length()), property.path("defaultValue").asString());
                }
            }
        }

        Limits shown = new Limits(DataSize.parse(defaults.get("max-sync-bytes")).toBytes(),
                Integer.parseInt(defaults.get("max-sync-pods")), Integer.parseInt(defaults.get("max-sync-containers")),
                Integer.parseInt(defaults.get("max-requests-in-flight")),
                Math.toIntExact(DataSize.parse(defaults.get("write-buffer-high")).toBytes()),
                DurationStyle.detectAndParse(defaults.get("stalled-read-timeout")));
        assertThat(defaults).hasSize(6);
        assertThat(shown).isEqualTo(Limits.DEFAULTS);
    }
}
