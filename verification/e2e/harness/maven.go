package harness

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// maven runs the repository's Maven wrapper on the JDK of the build, without Go on the PATH,
// resolving nri4j from the deployed repository into the local one.
type maven struct {
	in  QuickStartInputs
	log string
}

func (m maven) settings() string { return filepath.Join(m.in.Dir, "settings.xml") }

func (m maven) writeSettings() error {
	// The id verification/consumer-it gives it: Maven uses what the local repository got from a
	// repository only while a repository of that id is configured.
	repo := fmt.Sprintf(`<id>nri4j-deployed</id><url>file://%s</url>
          <releases><enabled>true</enabled></releases><snapshots><enabled>true</enabled></snapshots>`, m.in.MavenRepo)
	return os.WriteFile(m.settings(), []byte(`<settings>
  <profiles>
    <profile>
      <id>nri4j</id>
      <repositories><repository>`+repo+`</repository></repositories>
      <pluginRepositories><pluginRepository>`+repo+`</pluginRepository></pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>nri4j</activeProfile></activeProfiles>
</settings>
`), 0o644)
}

func (m maven) run(dir string, args ...string) error {
	cmd := exec.Command(m.in.Mvnw, append([]string{"-s", m.settings(), "-Dmaven.repo.local=" + m.in.LocalRepo}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "JAVA_HOME="+m.in.JavaHome, "PATH="+withoutGo(os.Getenv("PATH")))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if f, ferr := os.OpenFile(m.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); ferr == nil {
		fmt.Fprintf(f, "$ mvn %s (in %s)\n%s\n", strings.Join(args, " "), dir, out.String())
		f.Close()
	}
	if err != nil {
		var goals []string
		for _, a := range args {
			if !strings.HasPrefix(a, "-") {
				goals = append(goals, a)
			}
		}
		return fmt.Errorf("mvn %s: %v: %s\n%s", strings.Join(goals, " "), err, mavenError(out.String()), tail(out.String(), 25))
	}
	return nil
}

// mavenError is the first [ERROR] line of Maven's output, or its last line.
func mavenError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "[ERROR] ") {
			return strings.TrimPrefix(l, "[ERROR] ")
		}
	}
	return tail(out, 1)
}

// withoutGo is path without the directories holding a go command: a plugin is built with a
// JDK alone.
func withoutGo(path string) string {
	var keep []string
	for _, d := range filepath.SplitList(path) {
		if info, err := os.Stat(filepath.Join(d, "go")); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			continue
		}
		keep = append(keep, d)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}
