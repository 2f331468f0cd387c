package harness

import (
	"os"
	"path/filepath"
	"strings"
)

// writeStandIn writes, until the archetype exists, the project it is to generate: the
// consumer project of verification/consumer-it with Jib, an actuator and a handler marking
// every created container with the plugin's name.
func writeStandIn(dir string, p QuickStartProject, version string) error {
	r := strings.NewReplacer("@version@", version, "@groupId@", p.GroupID, "@artifactId@", p.ArtifactID,
		"@name@", p.PluginName, "@index@", p.PluginIndex)
	pkg := filepath.Join(strings.Split(p.GroupID, ".")...)
	files := map[string]string{
		"pom.xml":           standInPom,
		"chart-values.yaml": "plugin:\n  name: @name@\n  index: \"@index@\"\n",
		"src/main/resources/application.properties": "nri.plugin.name=@name@\nnri.plugin.index=@index@\n" +
			"management.endpoint.health.probes.enabled=true\n",
		"src/main/java/" + pkg + "/Plugin.java":          standInApp,
		"src/main/java/" + pkg + "/AdjustedBy.java":      standInHandler,
		"src/test/java/" + pkg + "/AdjustedByTests.java": standInTest,
	}
	for name, text := range files {
		file := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, []byte(r.Replace(text)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

const standInPom = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>4.1.1</version>
    <relativePath/>
  </parent>
  <groupId>@groupId@</groupId>
  <artifactId>@artifactId@</artifactId>
  <version>1.0.0</version>
  <properties>
    <java.version>17</java.version>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>io.nri4j</groupId>
        <artifactId>nri4j-bom</artifactId>
        <version>@version@</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency>
      <groupId>io.nri4j</groupId>
      <artifactId>nri-spring-boot-starter</artifactId>
    </dependency>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-actuator</artifactId>
    </dependency>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-webmvc</artifactId>
    </dependency>
    <dependency>
      <groupId>io.nri4j</groupId>
      <artifactId>nri-spring-boot-test</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-test</artifactId>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-maven-plugin</artifactId>
      </plugin>
      <plugin>
        <groupId>com.google.cloud.tools</groupId>
        <artifactId>jib-maven-plugin</artifactId>
        <version>3.5.1</version>
      </plugin>
    </plugins>
  </build>
</project>
`

const standInApp = `package @groupId@;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class Plugin {

    public static void main(String[] args) {
        SpringApplication.run(Plugin.class, args);
    }
}
`

const standInHandler = `package @groupId@;

import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.annotation.OnCreateContainer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

@Component
class AdjustedBy {

    private final String name;

    AdjustedBy(@Value("${nri.plugin.name}") String name) {
        this.name = name;
    }

    @OnCreateContainer
    Adjustment mark(PodSandbox pod, Container container) {
        return Adjustment.create().addEnv("ADJUSTED_BY", name).addAnnotation("nri.example.com/adjusted-by", name);
    }
}
`

const standInTest = `package @groupId@;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.spring.test.EmbeddedNriRuntime;
import io.nri4j.test.runtime.NriTestRuntime;
import io.nri4j.test.runtime.TestPods;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@EmbeddedNriRuntime
class AdjustedByTests {

    @Autowired
    NriTestRuntime runtime;

    @Test
    void marksEveryCreatedContainer() {
        PodSandbox pod = TestPods.pod("web").build();

        var created = runtime.createContainer(pod, TestPods.container(pod, "app").build());

        assertThat(created.getAdjust().getAnnotationsMap()).containsEntry("nri.example.com/adjusted-by", "@name@");
    }
}
`
