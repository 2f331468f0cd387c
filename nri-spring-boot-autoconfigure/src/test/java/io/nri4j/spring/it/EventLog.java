package io.nri4j.spring.it;

import io.nri4j.stub.NriEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Records the plugin's events from the application's start. */
@Component
class EventLog {

    final List<NriEvent> events = new CopyOnWriteArrayList<>();

    @EventListener
    void on(NriEvent event) {
        events.add(event);
    }
}
