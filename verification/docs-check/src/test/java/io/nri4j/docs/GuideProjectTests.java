package io.nri4j.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The guide's project, as a reader puts it together from the pages, passes its own tests: the
 * Java blocks of writing-a-plugin.md and testing-a-plugin.md, the validator of handlers.md that
 * the second-plugin test judges, and the guide's application.properties, compiled together and
 * their tests run against the upstream runtime library. So what the pages say of the merged
 * reply (an empty linux.resources, the handled mark) and of a second plugin is what runs.
 */
class GuideProjectTests {

    static final List<String> PAGES = List.of(GuidePomTests.GUIDE, "docs/testing-a-plugin.md");

    static final String VALIDATOR = "class OnlyThePinnerPins";

    @TempDir
    static Path classes;

    static ExampleCompiler compiler;

    @BeforeAll
    static void compiler() throws IOException {
        compiler = ExampleCompiler.ofTheExamplesClasspath(classes);
    }

    @AfterAll
    static void close() throws IOException {
        compiler.close();
    }

    @Test
    void theGuidesTestsPass() throws Exception {
        List<CodeBlock> blocks = new ArrayList<>();
        PAGES.forEach(page -> CodeBlock.read(JavaExamplesTests.root, page).stream()
                .filter(b -> b.isJava() && !b.fragment()).forEach(blocks::add));
        blocks.add(CodeBlock.read(JavaExamplesTests.root, "docs/handlers.md").stream()
                .filter(b -> b.isJava() && b.text().contains(VALIDATOR)).findFirst()
                .orElseThrow(() -> new AssertionError("docs/handlers.md has no block with " + VALIDATOR)));
        Path project = Files.createDirectory(classes.resolve("project"));
        assertThat(compiler.compile(blocks, project)).as("the guide's project compiles").isEmpty();
        Files.writeString(project.resolve("application.properties"), applicationProperties());

        List<String> testClasses = blocks.stream().map(CodeBlock::text)
                .filter(text -> ExampleCompiler.fileName(text).endsWith("Tests.java"))
                .map(text -> packageOf(text) + ExampleCompiler.fileName(text).replace(".java", "")).toList();
        TestExecutionSummary summary = run(project, testClasses);

        List<String> failures = summary.getFailures().stream()
                .map(f -> f.getTestIdentifier().getLegacyReportingName() + ": " + f.getException()).toList();
        System.out.println("docs-check: the guide's tests " + testClasses + ": " + summary.getTestsSucceededCount()
                + " passed, " + summary.getTestsFailedCount() + " failed");
        assertThat(failures).as("the guide's tests that fail").isEmpty();
        assertThat(testClasses).as("test classes in %s", PAGES).hasSizeGreaterThanOrEqualTo(4);
        assertThat(summary.getTestsSucceededCount()).as("the guide's tests that ran and passed")
                .isGreaterThanOrEqualTo(testClasses.size());
    }

    /** The guide's application.properties: the block that names the plugin. */
    static String applicationProperties() {
        return CodeBlock.read(JavaExamplesTests.root, GuidePomTests.GUIDE).stream()
                .filter(b -> b.language().equals("properties") && b.text().contains("nri.plugin.name="))
                .map(CodeBlock::text).findFirst()
                .orElseThrow(() -> new AssertionError(GuidePomTests.GUIDE + " has no application.properties"));
    }

    private static TestExecutionSummary run(Path project, List<String> testClasses) throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {project.toUri().toURL()},
                GuideProjectTests.class.getClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            List<Class<?>> classes = new ArrayList<>();
            for (String name : testClasses) {
                classes.add(loader.loadClass(name));
            }
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(classes.stream().map(c -> selectClass(c)).toList()).build();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, listener);
            return listener.getSummary();
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private static String packageOf(String text) {
        Matcher declared = Pattern.compile("(?m)^package\\s+([\\w.]+);").matcher(text);
        return declared.find() ? declared.group(1) + "." : "";
    }
}
