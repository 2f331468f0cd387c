package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.updates.ContainerUpdater;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * With {@code nri.enabled=false} the plugin does not run, but beans that inject its
 * {@link ContainerUpdater} still start: theirs says why nothing is sent.
 */
@AutoConfiguration(after = NriAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "nri.enabled", havingValue = false)
public final class NriDisabledAutoConfiguration {

    static final String DISABLED =
            "the NRI plugin is disabled by nri.enabled=false: no updates are sent to the runtime";

    @Bean
    @ConditionalOnMissingBean
    ContainerUpdater nriContainerUpdater() {
        return ContainerUpdater.unavailable(DISABLED);
    }
}
