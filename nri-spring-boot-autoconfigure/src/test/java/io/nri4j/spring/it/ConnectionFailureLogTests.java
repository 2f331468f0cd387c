package io.nri4j.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Each failed connection attempt is one log line that gives the real cause. */
@ExtendWith(OutputCaptureExtension.class)
class ConnectionFailureLogTests {

    private final PluginApps apps = new PluginApps();

    @AfterEach
    void close() throws Exception {
        apps.close();
    }

    @Test
    void aMissingSocketAndARefusedConnectionAreEachOneLineWithTheirCause(CapturedOutput output) throws Exception {
        apps.app(List.of(Greeter.class));
        String missing = "NRI plugin 10-it: cannot connect to the NRI socket " + apps.socket
                + ": No such file or directory (is NRI enabled in the runtime, and the socket mounted?);"
                + " connecting again in ";
        await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains(missing));

        // A file nothing listens on: connecting to it is refused.
        Files.createFile(apps.socket);
        String refused = "NRI plugin 10-it: cannot connect to the NRI socket " + apps.socket
                + ": Connection refused (is NRI enabled in the runtime, and the socket mounted?); connecting again in ";
        await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains(refused));

        List<String> aboutTheSocket = output.getOut().lines().filter(line -> line.contains(apps.socket.toString()))
                .toList();
        assertThat(aboutTheSocket).isNotEmpty().allSatisfy(line -> assertThat(line)
                .containsOnlyOnce("cannot connect")
                .contains("; connecting again in ")
                .doesNotContain(": null"));
    }
}
