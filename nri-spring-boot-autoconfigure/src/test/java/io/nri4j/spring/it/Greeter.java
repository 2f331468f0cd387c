package io.nri4j.spring.it;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.spring.annotation.OnCreateContainer;
import org.springframework.stereotype.Component;

@Component
class Greeter {

    @OnCreateContainer
    Adjustment greet(Container container) {
        return Adjustment.create().addAnnotation("greeting", "hello " + container.getName());
    }
}
