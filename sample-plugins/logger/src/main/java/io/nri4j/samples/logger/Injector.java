package io.nri4j.samples.logger;

import io.nri4j.adjust.Adjustment;
import io.nri4j.samples.logger.LoggerProperties.Inject;
import io.nri4j.spring.annotation.OnCreateContainer;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Adds the configured annotations and environment variables to every new container. The
 * framework merges its adjustment with whatever else handles CreateContainer (here only
 * {@link EventLog}, which changes nothing).
 */
@Component
class Injector {

    private final Inject inject;

    Injector(LoggerProperties properties) {
        this.inject = properties.getInject();
    }

    @OnCreateContainer
    Adjustment inject() {
        Adjustment adjustment = Adjustment.create();
        for (Map.Entry<String, String> annotation : inject.getAnnotation().entrySet()) {
            if (inject.isTakeOver()) {
                adjustment = adjustment.removeAnnotation(annotation.getKey());
            }
            adjustment = adjustment.addAnnotation(annotation.getKey(), annotation.getValue());
        }
        for (Map.Entry<String, String> env : inject.getEnv().entrySet()) {
            if (inject.isTakeOver()) {
                adjustment = adjustment.removeEnv(env.getKey());
            }
            adjustment = adjustment.addEnv(env.getKey(), env.getValue());
        }
        return adjustment;
    }
}
