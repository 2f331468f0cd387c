package io.nri4j.spring.test;

import io.nri4j.test.runtime.NriTestRuntime;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the runtime before the context refreshes, points {@code nri.socket-path} at it (and
 * {@code nri.instances.directory} at a directory of its own), and
 * registers it as a bean that is destroyed with the context's singletons: after the plugin's
 * lifecycle has stopped, so the plugin never sees its runtime go away.
 */
record EmbeddedNriRuntimeContextCustomizer(RuntimeSettings settings) implements ContextCustomizer {

    static final String BEAN_NAME = "nriTestRuntime";

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        NriTestRuntime runtime = NriTestRuntime.start(settings.options());
        // Instances and the ledger live beside the socket, not in the host's /var/run and /var/lib.
        TestPropertyValues.of("nri.socket-path=" + runtime.socket(),
                "nri.instances.directory=" + runtime.socket().resolveSibling("instances"),
                "nri.enforcement.directory=" + runtime.socket().resolveSibling("ledger")).applyTo(context);
        DefaultListableBeanFactory beans = (DefaultListableBeanFactory) context.getBeanFactory();
        beans.registerSingleton(BEAN_NAME, runtime);
        beans.registerDisposableBean(BEAN_NAME, runtime::close);
    }
}
