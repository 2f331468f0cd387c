package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.stub.UnsupportedAdjustments;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The metadata IDEs read offers every event name {@code nri.events} takes, and every policy
 * {@code nri.adjustments.unsupported} takes, each with a description.
 */
class ConfigurationMetadataTests {

    @Test
    void nriEventsHintsEveryNameTheParserTakes() throws Exception {
        List<String> expected = new ArrayList<>(List.of("all", "pod", "podsandbox", "container"));
        expected.addAll(NriPropertyChecks.eventNames());

        assertThat(hinted("nri.events")).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void nriAdjustmentsUnsupportedHintsEveryPolicy() throws Exception {
        List<String> expected = Arrays.stream(UnsupportedAdjustments.values())
                .map(p -> p.name().toLowerCase(Locale.ROOT)).toList();

        assertThat(hinted("nri.adjustments.unsupported")).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** The values hinted for {@code property}, each checked to have a description. */
    private List<String> hinted(String property) throws Exception {
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            metadata = new ObjectMapper().readTree(in);
        }
        List<String> hinted = new ArrayList<>();
        for (JsonNode hint : metadata.path("hints")) {
            if (hint.path("name").asString().equals(property)) {
                for (JsonNode value : hint.path("values")) {
                    assertThat(value.path("description").asString()).as(value.toString()).isNotBlank();
                    hinted.add(value.path("value").asString());
                }
            }
        }
        return hinted;
    }
}
