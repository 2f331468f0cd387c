package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.handler.HandlerDefinitionException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a handler method that cannot work into Boot's "Description / Action" report. */
final class NriHandlerFailureAnalyzer extends AbstractFailureAnalyzer<HandlerDefinitionException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, HandlerDefinitionException cause) {
        return new FailureAnalysis("NRI handler method " + cause.problem(), cause.action(), cause);
    }
}
