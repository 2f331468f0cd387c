package io.nri4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The complete pom of the guide is well-formed XML, inherits from the Spring Boot parent this build
 * uses, imports the BOM of this version, and declares the artifacts this module compiles the examples with: no
 * more, no fewer. So an example cannot use what the guide's project does not have.
 */
class GuidePomTests {

    static final String GUIDE = "docs/writing-a-plugin.md";

    /** The pom the archetype generates, whose dependencies and plugins the guide's repeats. */
    static final String ARCHETYPE_POM = "nri-spring-boot-archetype/src/main/resources/archetype-resources/pom.xml";

    /** This module's, not the guide's: it runs the guide's tests as surefire does in a plugin project. */
    static final String RUNNER = "org.junit.platform:junit-platform-launcher";

    @Test
    void theGuidesPomHasTheDependenciesTheExamplesCompileWith() throws Exception {
        Document guide = parse(guidePom());
        Document module = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of(System.getProperty("docs.pom", "pom.xml")).toFile());

        TreeSet<String> examples = artifacts(module, "dependencies");
        examples.remove(RUNNER);
        assertThat(artifacts(guide, "dependencies")).isEqualTo(examples);
    }

    @Test
    void theGuidesPomInheritsFromTheBootParentOfThisBuildAndImportsThisVersionsBom() throws Exception {
        Document guide = parse(guidePom());
        Document build = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(JavaExamplesTests.root.resolve("pom.xml").toFile());

        assertThat(text(child(guide.getDocumentElement(), "parent"), "artifactId"))
                .isEqualTo("spring-boot-starter-parent");
        assertThat(text(child(guide.getDocumentElement(), "parent"), "version"))
                .isEqualTo(text(child(build.getDocumentElement(), "parent"), "version"));
        assertThat(artifacts(guide, "dependencyManagement")).containsExactly("io.nri4j:nri4j-bom");
        assertThat(text(child(guide.getDocumentElement(), "properties"), "nri4j.version"))
                .as("the nri4j version the guide's pom imports").isEqualTo(text(build.getDocumentElement(), "version"));
        assertThat(artifacts(guide, "plugins")).contains("org.springframework.boot:spring-boot-maven-plugin",
                "com.google.cloud.tools:jib-maven-plugin");
    }

    @Test
    void theGuidesPomIsTheArchetypesWithThisPluginsNames() throws Exception {
        Document guide = parse(guidePom());
        Document archetype = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(JavaExamplesTests.root.resolve(ARCHETYPE_POM).toFile());

        for (String section : List.of("dependencies", "dependencyManagement", "plugins")) {
            assertThat(artifacts(guide, section)).as("%s of the guide's pom against %s", section, ARCHETYPE_POM)
                    .isEqualTo(artifacts(archetype, section));
        }
    }

    /** The block of the guide that is a whole pom ({@code <project>}); exactly one. */
    static String guidePom() {
        List<CodeBlock> poms = CodeBlock.read(JavaExamplesTests.root, GUIDE).stream()
                .filter(b -> b.language().equals("xml") && b.text().contains("<project")).toList();
        assertThat(poms).as("complete poms (```xml blocks with <project>) in %s", GUIDE).hasSize(1);
        return poms.get(0).text();
    }

    private static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code groupId:artifactId} of the entries of the top-level section {@code section}, sorted. */
    private static TreeSet<String> artifacts(Document pom, String section) {
        TreeSet<String> artifacts = new TreeSet<>();
        Element project = pom.getDocumentElement();
        Element within = switch (section) {
            case "dependencies" -> child(project, "dependencies");
            case "dependencyManagement" -> child(child(project, "dependencyManagement"), "dependencies");
            case "plugins" -> child(child(project, "build"), "plugins");
            default -> throw new IllegalArgumentException(section);
        };
        for (Element entry : children(within)) {
            artifacts.add(text(entry, "groupId") + ":" + text(entry, "artifactId"));
        }
        return artifacts;
    }

    private static Element child(Element parent, String name) {
        return children(parent).stream().filter(e -> e.getTagName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("<" + parent.getTagName() + "> has no <" + name + ">"));
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                elements.add(e);
            }
        }
        return elements;
    }

    private static String text(Element parent, String name) {
        return child(parent, name).getTextContent().strip();
    }
}
