package io.nri4j.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles one block as the single source file of a project with the examples' classpath, for the
 * Java release the project supports (17). One file manager for every block: the jars are opened once.
 */
final class ExampleCompiler implements AutoCloseable {

    private static final Pattern TYPE = Pattern.compile(
            "^(public\\s+)?(?:(?:abstract|final|sealed|non-sealed|static)\\s+)*(class|record|interface|enum|@interface)"
                    + "\\s+(\\w+)", Pattern.MULTILINE);

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private final StandardJavaFileManager files;
    private final String classpath;
    private final Path output;

    ExampleCompiler(String classpath, Path output) {
        this.classpath = classpath;
        this.output = output;
        this.files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
    }

    /** A compiler on the classpath the build wrote for the examples ({@code docs.classpath}). */
    static ExampleCompiler ofTheExamplesClasspath(Path output) throws IOException {
        Path file = Path.of(System.getProperty("docs.classpath", "target/examples.classpath"));
        return new ExampleCompiler(Files.readString(file).strip(), output);
    }

    /** javac's first error, as {@code doc:line (line N of the block): message}, or empty when the block compiles. */
    Optional<String> firstError(CodeBlock block) {
        Path classes;
        try {
            classes = Files.createTempDirectory(output, "block");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return compile(List.of(block), classes);
    }

    /**
     * Compiles the blocks together, one source file each, into {@code classes}: javac's first
     * error, or empty.
     */
    Optional<String> compile(List<CodeBlock> blocks, Path classes) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of("--release", "17", "-proc:none", "-implicit:none", "-classpath", classpath,
                "-d", classes.toString());
        Map<JavaFileObject, CodeBlock> sources = new LinkedHashMap<>();
        for (CodeBlock block : blocks) {
            sources.put(new Source(fileName(block.text()), block.text()), block);
        }
        boolean compiled = javac.getTask(null, files, diagnostics, options, null, sources.keySet()).call();
        if (compiled) {
            return Optional.empty();
        }
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).findFirst()
                .map(d -> where(sources.get(d.getSource()), d.getLineNumber()) + ": " + d.getMessage(Locale.ROOT))
                .or(() -> Optional.of("javac failed without an error message"));
    }

    /** {@code docs/x.md:25 (line 5 of the block)}: the line in the document, fence counted. */
    private static String where(CodeBlock block, long line) {
        return block == null ? "line " + line : block.doc() + ":" + (block.line() + line) + " (line " + line
                + " of the block)";
    }

    /** The public type's name, else the first type's: a complete compilation unit declares one. */
    static String fileName(String text) {
        Matcher type = TYPE.matcher(text);
        String first = null;
        while (type.find()) {
            if (type.group(1) != null) {
                return type.group(3) + ".java";
            }
            first = first == null ? type.group(3) : first;
        }
        return (first == null ? "NoType" : first) + ".java";
    }

    @Override
    public void close() throws IOException {
        files.close();
    }

    private static final class Source extends SimpleJavaFileObject {

        private final String text;

        Source(String name, String text) {
            super(URI.create("string:///" + name), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
