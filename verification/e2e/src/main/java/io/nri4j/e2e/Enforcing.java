package io.nri4j.e2e;

import io.nri4j.spring.boot.autoconfigure.NriPluginBuilderCustomizer;
import io.nri4j.stub.Enforcement;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Enforcement, its ledger under {@code e2e.ledger-directory} (in memory without it); escapes go to the reporter. */
@Configuration(proxyBeanMethods = false)
class Enforcing {

    @Bean
    NriPluginBuilderCustomizer enforcement(EscapeReporter reporter, @Value("${e2e.ledger-directory:}") String dir) {
        Enforcement enforcement = dir.isEmpty() ? Enforcement.DEFAULTS : Enforcement.remembering(Path.of(dir));
        return builder -> builder.enforcement(enforcement).onEscapedContainer(reporter);
    }
}
