package io.nri4j.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the test's application context against the upstream NRI runtime library: a runtime is
 * started on a socket of its own before the context, {@code nri.socket-path} points the plugin at
 * it, and the context holds it as an {@link io.nri4j.test.runtime.NriTestRuntime} bean to
 * {@code @Autowired} into the test. It stops after the context has closed, so the plugin stops
 * first; a cached context keeps its runtime for the test classes that share it.
 *
 * <pre>{@code
 * @SpringBootTest
 * @EmbeddedNriRuntime
 * class GreeterTests {
 *     @Autowired NriTestRuntime runtime;
 *
 *     @Test
 *     void greets() {
 *         PodSandbox pod = TestPods.pod("web").build();
 *         assertThat(runtime.createContainer(pod, TestPods.container(pod, "app").build())
 *                 .getAdjust().getEnvList()).isNotEmpty();
 *     }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface EmbeddedNriRuntime {

    /** The runtime name plugins are told in Configure. */
    String runtimeName() default "containerd";

    /** The runtime version plugins are told in Configure. */
    String runtimeVersion() default "v2.4.0";

    /** How long a plugin may take per request, as a {@link java.time.Duration} string ("2s", "PT0.5S"). */
    String requestTimeout() default "2s";

    /** How long a plugin may take to register. */
    String registrationTimeout() default "5s";
}
