package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.stub.IncompatibleClasspathException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a protobuf-java or Netty version nri4j cannot run with into Boot's "Description / Action" report. */
final class NriClasspathFailureAnalyzer extends AbstractFailureAnalyzer<IncompatibleClasspathException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, IncompatibleClasspathException cause) {
        return new FailureAnalysis("nri4j needs " + cause.library() + " " + cause.required()
                + ", but the classpath has " + cause.found()
                + " (usually chosen by the build's dependency management).", cause.fix(), cause);
    }
}
