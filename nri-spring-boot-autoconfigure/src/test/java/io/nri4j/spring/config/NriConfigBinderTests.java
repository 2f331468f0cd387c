package io.nri4j.spring.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class NriConfigBinderTests {

    public static class Settings {
        private String greeting = "hello";
        private Duration timeout = Duration.ofSeconds(1);
        private List<String> namespaces = List.of();

        public String getGreeting() {
            return greeting;
        }

        public void setGreeting(String greeting) {
            this.greeting = greeting;
        }

        public Duration getTimeout() {
            return timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

        public List<String> getNamespaces() {
            return namespaces;
        }

        public void setNamespaces(List<String> namespaces) {
            this.namespaces = namespaces;
        }
    }

    private final NriConfigBinder binder = new NriConfigBinder();

    @Test
    void yamlConfigurationIsBoundWithRelaxedNamesAndConversions() {
        binder.register(Settings.class);
        binder.bind("greeting: hi\nTIMEOUT: 250ms\nnamespaces:\n  - kube-system\n  - default\n");

        Settings settings = binder.get(Settings.class);
        assertThat(settings.getGreeting()).isEqualTo("hi");
        assertThat(settings.getTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.getNamespaces()).containsExactly("kube-system", "default");
        assertThat(binder.raw()).startsWith("greeting: hi");
    }

    @Test
    void jsonIsYamlToo() {
        binder.bind("{\"greeting\": \"hey\"}");

        assertThat(binder.get(Settings.class).getGreeting()).isEqualTo("hey");
    }

    @Test
    void noConfigurationGivesTheDefaults() {
        binder.bind("");

        assertThat(binder.get(Settings.class).getGreeting()).isEqualTo("hello");
    }

    @Test
    void configurationThatDoesNotFitFailsNamingTheType() {
        binder.register(Settings.class);

        assertThatIllegalArgumentException().isThrownBy(() -> binder.bind("timeout: forever"))
                .withMessageContaining("does not fit Settings");
        assertThatIllegalArgumentException().isThrownBy(() -> binder.bind("greeting: [unclosed"))
                .withMessageContaining("is not YAML");
    }
}
