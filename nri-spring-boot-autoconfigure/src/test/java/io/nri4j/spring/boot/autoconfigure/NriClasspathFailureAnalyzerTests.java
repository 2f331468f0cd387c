package io.nri4j.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.stub.IncompatibleClasspathException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;

class NriClasspathFailureAnalyzerTests {

    @Test
    void namesTheLibraryBothVersionsAndThePropertyToSet() {
        IncompatibleClasspathException cause = new IncompatibleClasspathException("protobuf-java", "4.33.5",
                "4.34.2 or a later 4.x", "Set the protobuf-java.version property to 4.34.2 or later.");

        FailureAnalysis analysis = new NriClasspathFailureAnalyzer()
                .analyze(new BeanCreationException("nriHandlerRegistry", "failed", cause));

        assertThat(analysis.getDescription()).isEqualTo("nri4j needs protobuf-java 4.34.2 or a later 4.x, but the "
                + "classpath has 4.33.5 (usually chosen by the build's dependency management).");
        assertThat(analysis.getAction()).isEqualTo("Set the protobuf-java.version property to 4.34.2 or later.");
    }
}
