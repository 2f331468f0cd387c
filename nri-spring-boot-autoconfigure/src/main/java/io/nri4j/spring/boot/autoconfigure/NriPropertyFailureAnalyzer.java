package io.nri4j.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an {@code nri.*} property the plugin cannot work with into Boot's "Description / Action" report. */
final class NriPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidNriPropertyException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidNriPropertyException cause) {
        return new FailureAnalysis(cause.description(), "Set " + cause.property() + " to " + cause.allowed() + ".",
                cause);
    }
}
