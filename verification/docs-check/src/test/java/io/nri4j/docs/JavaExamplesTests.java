package io.nri4j.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every ```java block of README.md and docs/*.md compiles, as written, against the classpath of a
 * plugin project (the starter, the test module, actuator, the web server, the Prometheus
 * registry, Spring Boot's test starter). A block is a complete compilation unit: imports and a
 * type. A deliberate fragment has {@value CodeBlock#FRAGMENT} on the line before its fence.
 */
class JavaExamplesTests {

    /**
     * The documents with Java examples, and how many compiled blocks each has at least: a doc
     * whose blocks were all marked fragments, or whose fences changed language, fails here
     * rather than passing with nothing checked.
     */
    static final Map<String, Integer> EXPECTED = Map.of(
            "README.md", 3,
            "docs/writing-a-plugin.md", 6,
            "docs/handlers.md", 8,
            "docs/testing-a-plugin.md", 3,
            "docs/guarantees.md", 1);

    static Path root = Path.of(System.getProperty("docs.root", "../..")).normalize();

    @TempDir
    static Path output;

    static ExampleCompiler compiler;

    @BeforeAll
    static void classpath() throws IOException {
        compiler = ExampleCompiler.ofTheExamplesClasspath(output);
    }

    @AfterAll
    static void close() throws IOException {
        compiler.close();
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() {
        return documents().stream().flatMap(doc -> CodeBlock.read(root, doc).stream())
                .filter(block -> block.isJava() && !block.fragment())
                .map(block -> DynamicTest.dynamicTest(block.where(), () -> compiler.firstError(block)
                        .ifPresent(error -> fail(block.where() + ": the example does not compile: " + error))));
    }

    @Test
    void everyDocumentWithExamplesHasTheBlocksItExpects() {
        Map<String, Integer> compiled = new LinkedHashMap<>();
        for (String doc : documents()) {
            long blocks = CodeBlock.read(root, doc).stream().filter(b -> b.isJava() && !b.fragment()).count();
            compiled.put(doc, (int) blocks);
        }
        System.out.println("docs-check: compiled Java blocks per document: " + compiled);
        EXPECTED.forEach((doc, least) -> assertThat(compiled.getOrDefault(doc, 0))
                .as("Java blocks compiled in %s (is it still there, are its fences ```java?)", doc)
                .isGreaterThanOrEqualTo(least));
    }

    @Test
    void fragmentsAreRare() {
        List<String> fragments = new ArrayList<>();
        for (String doc : documents()) {
            CodeBlock.read(root, doc).stream().filter(b -> b.isJava() && b.fragment())
                    .forEach(b -> fragments.add(b.where()));
        }
        System.out.println("docs-check: Java fragments, not compiled: " + fragments);
        assertThat(fragments).as("Java blocks marked %s", CodeBlock.FRAGMENT).hasSizeLessThanOrEqualTo(3);
    }

    @Test
    void aMarkerStandsRightBeforeAJavaFence() {
        for (String doc : documents()) {
            List<String> lines = lines(doc);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().equals(CodeBlock.FRAGMENT)) {
                    assertThat(i + 1 < lines.size() ? lines.get(i + 1).strip() : "")
                            .as("%s:%d: %s must be followed by a ```java fence", doc, i + 1, CodeBlock.FRAGMENT)
                            .isEqualTo("```java");
                }
            }
        }
    }

    /** README.md and every Markdown file directly under docs/. */
    static List<String> documents() {
        List<String> docs = new ArrayList<>();
        docs.add("README.md");
        try (Stream<Path> files = Files.list(root.resolve("docs"))) {
            files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted()
                    .forEach(f -> docs.add("docs/" + f.getFileName()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root.resolve("docs") + ": " + e.getMessage(), e);
        }
        return docs;
    }

    private static List<String> lines(String doc) {
        try {
            return Files.readAllLines(root.resolve(doc));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + doc + ": " + e.getMessage(), e);
        }
    }
}
