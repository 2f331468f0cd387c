package io.nri4j.spring.test.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import io.nri4j.spring.endpoint.NriEndpoint;
import io.nri4j.spring.requests.RecentRequests;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/** Like Boot's other detailed endpoints, {@code nri} stays off the web until the application exposes it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"nri.plugin.name=hidden", "nri.plugin.index=31"})
@EmbeddedNriRuntime
class NriEndpointExposureTests {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Handler.class)
    static class App {
    }

    @Component
    static class Handler {

        @OnCreateContainer
        Adjustment create(Container container) {
            return Adjustment.create();
        }
    }

    @Autowired
    ApplicationContext context;

    @LocalServerPort
    int port;

    @Test
    void isNotOnTheWebByDefaultAndRecordsNothing() throws Exception {
        HttpClient http = HttpClient.newHttpClient();

        // The actuator is on the web (health answers, UP or not), nri is not.
        assertThat(get(http, "/actuator/health")).isNotEqualTo(404);
        assertThat(get(http, "/actuator/nri")).isEqualTo(404);
        assertThat(context.getBeanNamesForType(NriEndpoint.class)).isEmpty();
        assertThat(context.getBeanNamesForType(RecentRequests.class)).isEmpty();
    }

    private int get(HttpClient http, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
