package io.nri4j.spring.test;

import io.nri4j.test.runtime.UpstreamRuntime;
import java.time.Duration;
import org.springframework.boot.convert.DurationStyle;

/**
 * What {@link EmbeddedNriRuntime} asks for, as a value: contexts whose settings are equal share
 * the cache entry, and so one runtime.
 */
record RuntimeSettings(String runtimeName, String runtimeVersion, Duration requestTimeout,
        Duration registrationTimeout) {

    static RuntimeSettings of(EmbeddedNriRuntime annotation) {
        return new RuntimeSettings(annotation.runtimeName(), annotation.runtimeVersion(),
                duration("requestTimeout", annotation.requestTimeout()),
                duration("registrationTimeout", annotation.registrationTimeout()));
    }

    UpstreamRuntime.Options options() {
        return UpstreamRuntime.Options.defaults().withRuntime(runtimeName, runtimeVersion)
                .withRequestTimeout(requestTimeout).withRegistrationTimeout(registrationTimeout);
    }

    private static Duration duration(String attribute, String value) {
        try {
            Duration d = DurationStyle.detectAndParse(value);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("not positive");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EmbeddedNriRuntime(" + attribute + " = \"" + value
                    + "\") is not a positive duration such as \"2s\" or \"500ms\"", e);
        }
    }
}
