package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The metadata IDEs read offers every event name {@code nri.events} takes, with a description. */
class ConfigurationMetadataTests {

    @Test
    void nriEventsHintsEveryNameTheParserTakes() throws Exception {
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            metadata = new ObjectMapper().readTree(in);
        }
        List<String> hinted = new ArrayList<>();
        for (JsonNode hint : metadata.path("hints")) {
            if (hint.path("name").asString().equals("nri.events")) {
                for (JsonNode value : hint.path("values")) {
                    assertThat(value.path("description").asString()).as(value.toString()).isNotBlank();
                    hinted.add(value.path("value").asString());
                }
            }
        }

        List<String> expected = new ArrayList<>(List.of("all", "pod", "podsandbox", "container"));
        expected.addAll(NriPropertyChecks.eventNames());
        assertThat(hinted).containsExactlyInAnyOrderElementsOf(expected);
    }
}
