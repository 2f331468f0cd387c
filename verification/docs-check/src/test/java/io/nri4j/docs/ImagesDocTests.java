package io.nri4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The image recipes of docs/images.md train and size the JVM with the chart's jvm.options as
 * values.yaml has them today: a class-data archive trained with other flags than the pod's may go
 * unused without a word, so a change of the chart's options must show up here.
 */
class ImagesDocTests {

    static final String IMAGES = "docs/images.md";

    @Test
    void theDockerfileTrainsWithTheChartsJvmOptions() {
        List<CodeBlock> dockerfiles = blocks("dockerfile");
        assertThat(dockerfiles).as("Dockerfiles in %s", IMAGES).hasSize(1);
        assertThat(dockerfiles.get(0).text()).contains("JAVA_TOOL_OPTIONS=\"" + chartJvmOptions() + "\"")
                .contains("-XX:ArchiveClassesAtExit=").contains("-XX:SharedArchiveFile=");
    }

    @Test
    void paketosTrainingRunGetsTheChartsJvmOptions() {
        assertThat(blocks("xml")).as("the build-image configuration in %s", IMAGES).singleElement()
                .extracting(CodeBlock::text).asString()
                .contains("<CDS_TRAINING_JAVA_TOOL_OPTIONS>" + chartJvmOptions() + "</CDS_TRAINING_JAVA_TOOL_OPTIONS>");
    }

    @Test
    void theValuesForPaketoExtendTheChartsJvmOptions() {
        assertThat(blocks("yaml")).as("values for a Paketo image in %s", IMAGES).singleElement()
                .extracting(CodeBlock::text).asString().contains("options: \"" + chartJvmOptions() + " ");
    }

    private static List<CodeBlock> blocks(String language) {
        return CodeBlock.read(JavaExamplesTests.root, IMAGES).stream().filter(b -> b.language().equals(language))
                .toList();
    }

    /** {@code jvm.options} of helm/nri-plugin/values.yaml. */
    static String chartJvmOptions() {
        String values;
        try {
            values = Files.readString(JavaExamplesTests.root.resolve("helm/nri-plugin/values.yaml"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the chart's values.yaml: " + e.getMessage(), e);
        }
        Matcher options = Pattern.compile("(?m)^jvm:\\n  options: \"([^\"]+)\"$").matcher(values);
        assertThat(options.find()).as("jvm.options in helm/nri-plugin/values.yaml").isTrue();
        return options.group(1);
    }
}
