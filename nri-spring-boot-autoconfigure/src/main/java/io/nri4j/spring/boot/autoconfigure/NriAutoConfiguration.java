package io.nri4j.spring.boot.autoconfigure;

import io.nri4j.spring.audit.AuditLog;
import io.nri4j.spring.config.NriConfigBinder;
import io.nri4j.spring.handler.HandlerMethodProcessor;
import io.nri4j.spring.handler.HandlerRegistry;
import io.nri4j.spring.lifecycle.ConnectionState;
import io.nri4j.spring.lifecycle.LifecycleSettings;
import io.nri4j.spring.lifecycle.NriExit;
import io.nri4j.spring.lifecycle.NriPluginLifecycle;
import io.nri4j.spring.state.NriStateView;
import io.nri4j.spring.updates.ContainerUpdater;
import io.nri4j.spring.updates.UpdatesListener;
import io.nri4j.stub.Compatibility;
import io.nri4j.stub.HandlerPool;
import io.nri4j.stub.NriPlugin;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.PluginInstance;
import io.nri4j.stub.RequestObserver;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.concurrent.ExecutorService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Makes the application an NRI plugin: its {@code @On...} bean methods become the plugin's
 * handlers, and the plugin connects once the context has started. Beans an application may
 * replace back off for its own; the handler registry and processor, the connection state and
 * the lifecycle do not: they are one machine, and the lifecycle's builder is open to
 * {@link NriPluginBuilderCustomizer}s instead.
 */
@AutoConfiguration
@ConditionalOnClass(NriPlugin.class)
@ConditionalOnBooleanProperty(name = "nri.enabled", matchIfMissing = true)
@EnableConfigurationProperties(NriProperties.class)
public final class NriAutoConfiguration {

    /**
     * The first bean of a plugin application: the plugin's warm-up starts, beside the rest of the
     * application's start, and the classpath is checked before anything uses it.
     */
    @Bean
    HandlerRegistry nriHandlerRegistry() {
        NriPlugin.warmUp();
        Compatibility.check();
        return new HandlerRegistry();
    }

    @Bean
    NriConfigBinder nriConfigBinder() {
        return new NriConfigBinder();
    }

    @Bean
    static HandlerMethodProcessor nriHandlerMethodProcessor(ConfigurableListableBeanFactory beanFactory,
            HandlerRegistry nriHandlerRegistry, NriConfigBinder nriConfigBinder) {
        return new HandlerMethodProcessor(beanFactory, nriHandlerRegistry, nriConfigBinder);
    }

    /** Checked at startup, before anything connects: a bad name or index fails the application. */
    @Bean
    @ConditionalOnMissingBean
    PluginIdentity nriPluginIdentity(NriProperties properties) {
        return NriPropertyChecks.identity(properties.getPlugin(), System.getenv());
    }

    /** This process's instance of the plugin; the version is the application's, if it has one. */
    @Bean
    @ConditionalOnMissingBean
    PluginInstance nriPluginInstance(Environment environment) {
        return PluginInstance.startingNow(environment.getProperty("spring.application.version"));
    }

    @Bean
    ConnectionState nriConnectionState() {
        return new ConnectionState(Clock.systemUTC());
    }

    @Bean(destroyMethod = "shutdown")
    @ConditionalOnMissingBean(name = "nriHandlerExecutor")
    ExecutorService nriHandlerExecutor(NriProperties properties) {
        return HandlerPool.create("nri-handler", properties.getHandler().getThreads());
    }

    @Bean
    @ConditionalOnMissingBean
    NriExit nriExit(ConfigurableApplicationContext context) {
        return (code, reason) -> {
            // Off the calling thread: closing the context stops the lifecycle that called us.
            Thread exit = new Thread(() -> System.exit(SpringApplication.exit(context, () -> code)), "nri-exit");
            exit.start();
        };
    }

    /**
     * Where the instances on this machine coordinate, resolved once; closed after the plugin's
     * lifecycle, it removes a directory it made, if empty.
     */
    @Bean
    InstancesDirectory nriInstancesDirectory(NriProperties properties) {
        return InstancesDirectory.resolve(properties.getInstances(), InstancesDirectory.Host.current());
    }

    @Bean
    NriPluginLifecycle nriPluginLifecycle(NriProperties properties, PluginIdentity identity, PluginInstance instance,
            InstancesDirectory instancesDirectory, HandlerRegistry registry,
            NriConfigBinder config, ConnectionState state, ExecutorService nriHandlerExecutor,
            ObjectProvider<RequestObserver> observers, ObjectProvider<NriPluginBuilderCustomizer> customizers,
            ApplicationEventPublisher events, NriExit exit, Environment environment) {
        LifecycleSettings settings = new LifecycleSettings(properties.getReconnect().isEnabled(),
                properties.getReconnect().getInitialBackoff(), properties.getReconnect().getMaxBackoff(),
                properties.getReconnect().getMultiplier(), new HashSet<>(properties.getShutdown().getExitReasons()),
                properties.getShutdown().getExitCode(), properties.getHealth().getLivenessWindow(), grace(environment));
        NriPluginFactory plugins = new NriPluginFactory(properties, identity, instance, instancesDirectory, registry,
                config, nriHandlerExecutor, observers, customizers);
        return new NriPluginLifecycle(plugins, settings, state, events, exit);
    }

    @Bean
    @ConditionalOnMissingBean
    ContainerUpdater nriContainerUpdater(ConnectionState state, ObjectProvider<UpdatesListener> listeners) {
        return new ContainerUpdater(state, listeners.orderedStream().toList());
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty("nri.state.enabled")
    NriStateView nriStateView(ApplicationEventPublisher events) {
        return new NriStateView(events);
    }

    /** One line per request on the logger io.nri4j.audit, when asked for: the lines cost a formatting each. */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty("nri.audit.enabled")
    AuditLog nriAuditLog(NriProperties properties) {
        return new AuditLog(NriPropertyChecks.notNegative("nri.audit.max-lines-per-second",
                properties.getAudit().getMaxLinesPerSecond(), "0 or more lines a second"));
    }

    /** The shutdown phase's timeout, less a margin to answer within it. */
    private static Duration grace(Environment environment) {
        Duration phase = Binder.get(environment).bind("spring.lifecycle.timeout-per-shutdown-phase", Duration.class)
                .orElse(Duration.ofSeconds(30));
        return phase.compareTo(Duration.ofSeconds(2)) > 0 ? phase.minusSeconds(1) : phase;
    }
}
