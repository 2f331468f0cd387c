package io.nri4j.test.runtime;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension for plain nri-core plugins: one {@link NriTestRuntime} per test class,
 * started before the class's tests and stopped after them, handed to any test, lifecycle method
 * or constructor that declares a parameter of that type.
 *
 * <pre>{@code
 * @ExtendWith(NriRuntimeExtension.class)
 * class MyPluginTest {
 *     @Test
 *     void addsTheAnnotation(NriTestRuntime runtime) {
 *         runtime.connect(MyPlugin.builder());
 *         PodSandbox pod = TestPods.pod("web").build();
 *         assertThat(runtime.createContainer(pod, TestPods.container(pod, "app").build())
 *                 .getAdjust().getAnnotationsMap()).containsKey("example.com/seen");
 *     }
 * }
 * }</pre>
 */
public final class NriRuntimeExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(NriRuntimeExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        runtime(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == NriTestRuntime.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return runtime(context);
    }

    /** The class's runtime: the store closes it (it is AutoCloseable) when the class's tests are done. */
    private static NriTestRuntime runtime(ExtensionContext context) {
        ExtensionContext classContext = context;
        while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
            classContext = classContext.getParent().get();
        }
        return classContext.getStore(NAMESPACE).computeIfAbsent(NriTestRuntime.class, k -> NriTestRuntime.start(),
                NriTestRuntime.class);
    }
}
