package io.nri4j.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RuntimeSettingsTests {

    @EmbeddedNriRuntime(requestTimeout = "500ms")
    static class Valid {
    }

    @EmbeddedNriRuntime(requestTimeout = "soon")
    static class Invalid {
    }

    @Test
    void readsDurationsInBootsStyle() {
        RuntimeSettings settings = RuntimeSettings.of(Valid.class.getAnnotation(EmbeddedNriRuntime.class));

        assertThat(settings.requestTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.options().requestTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.options().runtimeName()).isEqualTo("containerd");
    }

    @Test
    void refusesADurationItCannotReadNamingTheAttribute() {
        assertThatThrownBy(() -> RuntimeSettings.of(Invalid.class.getAnnotation(EmbeddedNriRuntime.class)))
                .hasMessage("@EmbeddedNriRuntime(requestTimeout = \"soon\") is not a positive duration"
                        + " such as \"2s\" or \"500ms\"");
    }
}
