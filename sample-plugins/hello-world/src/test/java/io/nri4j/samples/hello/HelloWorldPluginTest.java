package io.nri4j.samples.hello;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.Event;
import io.nri4j.stub.NriPlugin;
import org.junit.jupiter.api.Test;

class HelloWorldPluginTest {

    @Test
    void subscribesToCreateContainerOnly() {
        NriPlugin plugin = HelloWorldPlugin.plugin();

        assertThat(plugin.identity().fullName()).isEqualTo("50-hello-world");
        assertThat(plugin.events().events()).containsExactly(Event.CREATE_CONTAINER);
    }
}
