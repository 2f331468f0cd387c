package io.nri4j.spring.test;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/** Finds {@link EmbeddedNriRuntime} on a test class (or an enclosing one) and customizes its context. */
final class EmbeddedNriRuntimeContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        EmbeddedNriRuntime annotation =
                TestContextAnnotationUtils.findMergedAnnotation(testClass, EmbeddedNriRuntime.class);
        return annotation == null ? null : new EmbeddedNriRuntimeContextCustomizer(RuntimeSettings.of(annotation));
    }
}
