package io.nri4j.samples.logger;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What the logger injects into new containers. Nothing by default: it only logs.
 *
 * <p>An annotation key with a {@code /} goes in brackets, or Spring drops the {@code /}:
 * {@code logger.inject.annotation[logger.nri4j.io/seen]=yes}; variables need none:
 * {@code logger.inject.env.LOGGED_BY=nri4j-logger}.
 */
@ConfigurationProperties("logger")
public class LoggerProperties {

    private final Inject inject = new Inject();

    public Inject getInject() {
        return inject;
    }

    /** Entries added to every container the runtime creates. */
    public static class Inject {

        /** Annotations to add to every new container: key to value. */
        private Map<String, String> annotation = new LinkedHashMap<>();

        /** Environment variables to add to every new container: name to value. */
        private Map<String, String> env = new LinkedHashMap<>();

        /**
         * Whether injected entries take over ones another plugin set (removed, then added, in
         * one adjustment). Without it, a second plugin setting the same entry makes the runtime
         * fail the container as a conflict.
         */
        private boolean takeOver;

        public Map<String, String> getAnnotation() {
            return annotation;
        }

        public void setAnnotation(Map<String, String> annotation) {
            this.annotation = annotation;
        }

        public Map<String, String> getEnv() {
            return env;
        }

        public void setEnv(Map<String, String> env) {
            this.env = env;
        }

        public boolean isTakeOver() {
            return takeOver;
        }

        public void setTakeOver(boolean takeOver) {
            this.takeOver = takeOver;
        }
    }
}
